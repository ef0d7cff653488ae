// Checks data against a server-supplied JSON Schema in a worker thread with a hard deadline. A
// server's `pattern` runs on V8's backtracking RegExp engine, where `^(a|a)*$` against thirty
// characters takes minutes; in the main process that froze the whole app. In the worker, a check
// that overruns is stopped by terminating the worker, and the answer is "inconclusive", never a hang.
import { Worker } from 'node:worker_threads';
import { SCHEMA_WORKER_SOURCE, type SchemaWorkerData } from './schema-worker-source';

export type Dialect = '2020-12' | '2019-09' | 'draft-07';

/** One Ajv error, as plain data (it crossed from the worker). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

export type SchemaCheck =
  | { status: 'valid' }
  | { status: 'invalid'; errors: SchemaError[] }
  /** The check could not finish (deadline, a string too long for `pattern`, the worker failed). */
  | { status: 'inconclusive'; reason: string }
  /** The schema itself could not be compiled. */
  | { status: 'unusable'; reason: string };

export interface CheckOptions {
  dialect: Dialect;
  /** Validation time allowed once the schema is compiled (ms). */
  deadlineMs: number;
  /** Refuse schemas that fail their meta-schema (input schemas) instead of compiling leniently. */
  strictSchema?: boolean;
}

/** Deadlines the issue sets: the model's arguments wait for a dialog, results are larger. */
export const INPUT_DEADLINE_MS = 250;
export const OUTPUT_DEADLINE_MS = 1000;
/** Longest string a `pattern` is tested against; longer ones make the check inconclusive. */
export const MAX_PATTERN_INPUT = 4096;
/** Starting the worker and compiling a new schema: generous, since a loaded machine is slow at both. */
const START_DEADLINE_MS = 30_000;
const COMPILE_DEADLINE_MS = 5_000;

interface Job {
  schema: object;
  data: unknown;
  options: CheckOptions;
  done: (check: SchemaCheck) => void;
}

interface Running {
  worker: Worker;
  ready: Promise<void>;
  /** Schema keys this worker has compiled (sent once; a new worker starts empty). */
  known: Set<string>;
}

type Exchange =
  | { status: 'timeout'; reason: string }
  | { status: 'forgotten' }
  | { status: 'done'; check: SchemaCheck };
type WorkerReply = {
  id: number;
  type?: 'compiled';
  status?: SchemaCheck['status'] | 'unknown-schema';
  errors?: SchemaError[];
  reason?: string;
};

const keys = new WeakMap<object, number>();
let nextKey = 1;
const keyOf = (schema: object, options: CheckOptions): string => {
  let key = keys.get(schema);
  if (key === undefined) keys.set(schema, (key = nextKey++));
  return `${key}:${options.dialect}:${options.strictSchema === true}`;
};

/** Ajv's entry for each dialect, resolved here because an eval'd worker cannot find node_modules. */
function ajvPaths(): Record<Dialect, string> {
  return {
    'draft-07': require.resolve('ajv'),
    '2019-09': require.resolve('ajv/dist/2019.js'),
    '2020-12': require.resolve('ajv/dist/2020.js'),
  };
}

/** Runs checks one at a time in one worker, replacing the worker after a deadline stops it. */
export class SchemaChecker {
  private running: Running | null = null;
  private readonly queue: Job[] = [];
  private busy = false;
  private nextId = 1;
  /** Checks handed to a worker (tests read it to see that a denied call cost nothing). */
  checksRun = 0;
  /** Workers stopped at a deadline. */
  terminated = 0;

  constructor(private readonly limits: { maxPatternInput?: number; maxCached?: number } = {}) {}

  check(schema: object, data: unknown, options: CheckOptions): Promise<SchemaCheck> {
    return new Promise((done) => {
      this.queue.push({ schema, data, options, done });
      void this.pump();
    });
  }

  /** Stops the worker (tests; the process exits fine without it, the worker is unref'd). */
  async close(): Promise<void> {
    const running = this.running;
    this.running = null;
    await running?.worker.terminate();
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (let job = this.queue.shift(); job; job = this.queue.shift())
        job.done(await this.run(job));
    } finally {
      this.busy = false;
    }
  }

  private start(): Running {
    const workerData: SchemaWorkerData = {
      ajv: ajvPaths(),
      maxPatternInput: this.limits.maxPatternInput ?? MAX_PATTERN_INPUT,
      maxCached: this.limits.maxCached ?? 500,
    };
    // A runaway schema must not take the app's memory with it either.
    const worker = new Worker(SCHEMA_WORKER_SOURCE, {
      eval: true,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    // A worker that died (out of memory, say) is replaced at the next check; its errors are
    // answered as inconclusive checks, never thrown into the app.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      if (this.running?.worker === worker) this.running = null;
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type?: string }) => {
        if (message?.type !== 'ready') return;
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the schema checker stopped (exit code ${code})`)),
      );
    });
    ready.catch(() => undefined);
    return { worker, ready, known: new Set() };
  }

  private async run(job: Job): Promise<SchemaCheck> {
    let running = this.running;
    if (!running) running = this.running = this.start();
    const started = await withDeadline(running.ready, START_DEADLINE_MS);
    if (started !== 'ok') {
      await this.stop(running);
      return { status: 'inconclusive', reason: `the schema checker did not start (${started})` };
    }
    this.checksRun++;
    const key = keyOf(job.schema, job.options);
    let reply = await this.send(running, job, key, !running.known.has(key));
    // The worker dropped a schema it had compiled (its cache is bounded): send it again.
    if (reply.status === 'forgotten') reply = await this.send(running, job, key, true);
    if (reply.status === 'timeout') {
      await this.stop(running);
      this.terminated++;
      return { status: 'inconclusive', reason: reply.reason };
    }
    if (reply.status === 'forgotten')
      return { status: 'inconclusive', reason: 'the schema checker lost the schema' };
    running.known.add(key);
    return reply.check;
  }

  private send(running: Running, job: Job, key: string, withSchema: boolean): Promise<Exchange> {
    const { dialect, strictSchema, deadlineMs } = job.options;
    const message = {
      id: this.nextId++,
      key,
      dialect,
      strictSchema: strictSchema === true,
      data: job.data,
      ...(withSchema ? { schema: job.schema } : {}),
    };
    return this.exchange(running, message, withSchema, deadlineMs);
  }

  private exchange(
    running: Running,
    message: object & { id: number },
    compiling: boolean,
    deadlineMs: number,
  ): Promise<Exchange> {
    return new Promise((resolve) => {
      const { worker } = running;
      let timer: NodeJS.Timeout;
      const arm = (ms: number, reason: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => finish({ status: 'timeout', reason }), ms);
      };
      const finish = (result: Exchange) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve(result);
      };
      const validating = () =>
        arm(
          deadlineMs,
          `validation did not finish within ${deadlineMs} ms (a pattern in the server's schema may take too long to match), so it was stopped`,
        );
      const onMessage = (reply: WorkerReply) => {
        if (reply?.id !== message.id) return;
        if (reply.type === 'compiled') return validating();
        finish(
          reply.status === 'unknown-schema'
            ? { status: 'forgotten' }
            : { status: 'done', check: toCheck(reply) },
        );
      };
      const onExit = (code: number) =>
        finish({
          status: 'done',
          check: {
            status: 'inconclusive',
            reason: `the schema checker stopped (exit code ${code})`,
          },
        });
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      if (compiling)
        arm(
          COMPILE_DEADLINE_MS,
          `the schema did not compile within ${COMPILE_DEADLINE_MS} ms, so the check was stopped`,
        );
      else validating();
      worker.postMessage(message);
    });
  }

  private async stop(running: Running): Promise<void> {
    if (this.running === running) this.running = null;
    await running.worker.terminate().catch(() => undefined);
  }
}

function toCheck(reply: WorkerReply): SchemaCheck {
  switch (reply.status) {
    case 'valid':
      return { status: 'valid' };
    case 'invalid':
      return { status: 'invalid', errors: reply.errors ?? [] };
    case 'unusable':
      return { status: 'unusable', reason: reply.reason ?? 'the schema could not be compiled' };
    default:
      return {
        status: 'inconclusive',
        reason: reply.reason ?? 'the schema checker gave no answer',
      };
  }
}

async function withDeadline(promise: Promise<void>, ms: number): Promise<'ok' | string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>(
    (resolve) => (timer = setTimeout(() => resolve(`not ready within ${ms} ms`), ms)),
  );
  try {
    return await Promise.race([promise.then(() => 'ok' as const), late]);
  } catch (error) {
    return (error as Error).message;
  } finally {
    clearTimeout(timer);
  }
}

let shared: SchemaChecker | undefined;
/** The process's checker: one worker serves every registry and client. */
export function schemaChecker(): SchemaChecker {
  return (shared ??= new SchemaChecker());
}
