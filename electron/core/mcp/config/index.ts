// MCP server configuration: parse, validate, merge scopes, expand variables, write, import.
export { explainJsonError, parseJsonWithPosition, type JsonParseResult } from '../../../../shared/config/json-position';
export {
  MAX_SERVER_NAME_LENGTH,
  SERVER_NAME_PATTERN,
  serverEntrySchema,
  serverNameProblem,
  validateServerEntry,
  resolveTransport,
  type EntryValidation,
} from '../../../../shared/config/server-entry-schema';
export {
  MAX_CONFIG_BYTES,
  parseConfigText,
  readConfigFile,
  type ConfigFileRead,
  type ConfigParseResult,
  type ParsedConfig,
  type ParsedServer,
} from './parse';
export { PROJECT_CONFIG_NAME, PROJECT_WALK_LEVELS, findProjectConfig, mergeScopes, type ScopeLayer } from './scopes';
export { ConfigLoader, type ConfigFileState, type ConfigSources, type LoadedConfig } from './loader';
export {
  expandEntry,
  type ExpandOptions,
  type ExpandResult,
  type LaunchSpec,
  type RemoteLaunch,
  type SecretLookup,
  type StdioLaunch,
  type UsedVariable,
  type VariableSource,
} from './expand';
export { addServer, editConfigFile, removeServer, saveConfigText, serialisePerFile, setServerDisabled, updateServer, writeFileAtomic } from './write';
export { claudeDesktopConfigPath, importClaudeDesktop, type ImportOptions, type ImportReport } from './claude-desktop';
export { canonicalJson, entryHash, IDENTITY_PREFIX, isLegacyIdentity, launchIdentity, legacyLaunchIdentity, type IdentityScope } from './identity';
export { watchConfigFiles, type ConfigWatcher, type WatchOptions } from './watch';
