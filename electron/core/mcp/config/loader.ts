// Loads the configuration scopes and keeps the last good version of each file in memory: a file
// edited into invalid JSON does not take its servers away (RELIABILITY.md fault 28), the error
// with file, line and column is reported instead.
import { join, resolve } from 'node:path';
import type { ConfigIssue, ConfiguredServer, ServerScope } from '../../../../shared/server-config';
import { readConfigFile, type ParsedConfig } from './parse';
import { findProjectConfig, mergeScopes, PROJECT_CONFIG_NAME, type ScopeLayer } from './scopes';

export interface ConfigSources {
  /** Lena's user file (`mcp.json` in Lena's home); ignored when `configFile` is set. */
  userFile?: string;
  /** The folder the user opened; its nearest `.mcp.json` is the project scope. */
  projectDir?: string;
  /** `--config FILE`: this file is the only configuration. */
  configFile?: string;
}

/** What happened to one file on the last load. */
export interface ConfigFileState {
  scope: ServerScope;
  file: string;
  state: 'ok' | 'missing' | 'invalid' | 'unreadable';
  /** True when the file is broken now and its previous good content is still in effect. */
  usingLastGood: boolean;
  /** File-level errors and dropped entries. */
  errors: ConfigIssue[];
  /** What probably is a mistake but does not stop a server (a misspelt field name). */
  warnings: ConfigIssue[];
}

export interface LoadedConfig {
  servers: ConfiguredServer[];
  files: ConfigFileState[];
  /** Every issue of every file, for a single list in the UI or the command line. */
  errors: ConfigIssue[];
  /** Every warning of every file (misspelt fields). */
  warnings: ConfigIssue[];
}

export class ConfigLoader {
  private readonly lastGood = new Map<string, ParsedConfig>();
  private latest: LoadedConfig | undefined;
  private targets: string[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private sources: ConfigSources) {}

  /** The result of the last completed load, if any. */
  current(): LoadedConfig | undefined {
    return this.latest;
  }

  /**
   * Files whose creation or change should trigger a reload, as of the last load: the files in
   * use, and the project folder's `.mcp.json` when none was found yet.
   */
  watchTargets(): string[] {
    return [...this.targets];
  }

  /** Points the project scope at another folder (or none); takes effect on the next load. */
  setProjectDir(projectDir: string | undefined): void {
    this.sources = { ...this.sources, projectDir };
  }

  /** Re-reads every file. Loads run one at a time, so results arrive in call order. */
  load(): Promise<LoadedConfig> {
    const next = this.queue.then(() => this.loadNow());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async loadNow(): Promise<LoadedConfig> {
    const wanted = await this.wantedFiles();
    const { configFile, projectDir } = this.sources;
    const lookOut = !configFile && projectDir && !wanted.some((w) => w.scope === 'project');
    this.targets = [
      ...wanted.map((w) => w.file),
      ...(lookOut ? [join(resolve(projectDir), PROJECT_CONFIG_NAME)] : []),
    ];
    const layers: ScopeLayer[] = [];
    const files: ConfigFileState[] = [];
    for (const { scope, file, required } of wanted) {
      const { state, layer } = await this.readScope(scope, file, required);
      files.push(state);
      if (layer) layers.push(layer);
    }
    // Forget files that are no longer part of the configuration (another project folder).
    const inUse = new Set(wanted.map((w) => w.file));
    for (const file of this.lastGood.keys()) if (!inUse.has(file)) this.lastGood.delete(file);
    this.latest = {
      servers: mergeScopes(layers),
      files,
      errors: files.flatMap((f) => f.errors),
      warnings: files.flatMap((f) => f.warnings),
    };
    return this.latest;
  }

  private async wantedFiles(): Promise<{ scope: ServerScope; file: string; required: boolean }[]> {
    const { configFile, userFile, projectDir } = this.sources;
    if (configFile) return [{ scope: 'explicit', file: configFile, required: true }];
    const wanted: { scope: ServerScope; file: string; required: boolean }[] = [];
    if (userFile) wanted.push({ scope: 'user', file: userFile, required: false });
    const projectFile = projectDir ? await findProjectConfig(projectDir) : undefined;
    if (projectFile) wanted.push({ scope: 'project', file: projectFile, required: false });
    return wanted;
  }

  private async readScope(
    scope: ServerScope,
    file: string,
    required: boolean,
  ): Promise<{ state: ConfigFileState; layer?: ScopeLayer }> {
    const read = await readConfigFile(file);
    if (read.state === 'missing') {
      // A deleted file is a deliberate edit: its servers go. Only `--config FILE` must exist.
      this.lastGood.delete(file);
      const errors = required
        ? [{ file, message: `${file}: file not found; check the path given to --config` }]
        : [];
      return {
        state: { scope, file, state: 'missing', usingLastGood: false, errors, warnings: [] },
      };
    }
    if (read.state === 'parsed' && read.ok) {
      this.lastGood.set(file, read.config);
      return {
        state: {
          scope,
          file,
          state: 'ok',
          usingLastGood: false,
          errors: read.errors,
          warnings: read.warnings ?? [],
        },
        layer: { scope, config: read.config },
      };
    }
    const previous = this.lastGood.get(file);
    const errors = previous
      ? read.errors.map((e) => ({
          ...e,
          message: `${e.message} (still using the last valid version of this file)`,
        }))
      : read.errors;
    const state: ConfigFileState = {
      scope,
      file,
      state: read.state === 'unreadable' ? 'unreadable' : 'invalid',
      usingLastGood: previous !== undefined,
      errors,
      warnings: [],
    };
    return previous ? { state, layer: { scope, config: previous } } : { state };
  }
}
