// The schema checker's worker, as source text run with `new Worker(code, { eval: true })`. It is a
// string, not a file, so it ships inside whichever bundle imports it (out/main, out/cli) with no
// extra entry; Ajv is loaded from the paths the main thread resolved, because an eval'd worker
// resolves bare names against the current directory, not against Lena's node_modules.
//
// Protocol: the worker posts {type:'ready'} once Ajv loads, then answers each
// {id, key, dialect, strictSchema, schema?, data} with {id, status, errors?, reason?}, preceded by
// {id, type:'compiled'} when it had to compile the schema first.

/** Data the worker starts with. */
export interface SchemaWorkerData {
  /** Absolute paths of Ajv's entry per dialect (`draft-07`, `2019-09`, `2020-12`). */
  ajv: Record<string, string>;
  /** Strings longer than this are not tested against a `pattern` (the check is then inconclusive). */
  maxPatternInput: number;
  /** Compiled validators kept; older ones are dropped past this. */
  maxCached: number;
}

export const SCHEMA_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const MAX = workerData.maxPatternInput;
const instances = new Map();
const compiled = new Map();
let longInput = null;

// Ajv's RegExp engine: an ordinary RegExp, except that a string over the cap is not tested.
const cappedRegExp = Object.assign(function (pattern, flags) {
  const re = new RegExp(pattern, flags);
  return {
    test(s) {
      if (typeof s === 'string' && s.length > MAX) {
        if (longInput === null) longInput = pattern;
        return true;
      }
      return re.test(s);
    },
    toString: () => re.toString(),
  };
}, { code: 'cappedRegExp' });

function ajvFor(dialect, strictSchema) {
  const key = dialect + ':' + strictSchema;
  let ajv = instances.get(key);
  if (!ajv) {
    const mod = require(workerData.ajv[dialect]);
    const Ajv = mod.default || mod;
    // addUsedSchema off: two servers may reuse one $id, which Ajv would otherwise refuse to compile twice.
    ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, validateSchema: strictSchema, logger: false, addUsedSchema: false, code: { regExp: cappedRegExp } });
    instances.set(key, ajv);
  }
  return ajv;
}

function validatorFor(msg) {
  let entry = compiled.get(msg.key);
  if (entry) return entry;
  if (msg.schema === undefined) return { unknown: true };
  try {
    entry = { validate: ajvFor(msg.dialect, msg.strictSchema).compile(msg.schema) };
  } catch (error) {
    entry = { reason: String(error && error.message || error) };
  }
  if (compiled.size >= workerData.maxCached) compiled.delete(compiled.keys().next().value);
  compiled.set(msg.key, entry);
  // Compiling has its own, longer deadline in the main thread; validation's starts now.
  parentPort.postMessage({ id: msg.id, type: 'compiled' });
  return entry;
}

function plainErrors(errors) {
  return (errors || []).map((e) => ({ instancePath: e.instancePath, keyword: e.keyword, message: e.message, params: JSON.parse(JSON.stringify(e.params || {})) }));
}

parentPort.on('message', (msg) => {
  const entry = validatorFor(msg);
  if (entry.unknown) return parentPort.postMessage({ id: msg.id, status: 'unknown-schema' });
  if (entry.reason !== undefined) return parentPort.postMessage({ id: msg.id, status: 'unusable', reason: entry.reason });
  longInput = null;
  let ok;
  try {
    ok = entry.validate(msg.data);
  } catch (error) {
    return parentPort.postMessage({ id: msg.id, status: 'inconclusive', reason: 'the validator failed: ' + String(error && error.message || error) });
  }
  if (!ok) return parentPort.postMessage({ id: msg.id, status: 'invalid', errors: plainErrors(entry.validate.errors) });
  if (longInput !== null) {
    return parentPort.postMessage({ id: msg.id, status: 'inconclusive', reason: 'a string longer than ' + MAX + ' characters was not tested against the pattern ' + JSON.stringify(longInput) });
  }
  parentPort.postMessage({ id: msg.id, status: 'valid' });
});

for (const dialect of Object.keys(workerData.ajv)) require(workerData.ajv[dialect]);
parentPort.postMessage({ type: 'ready' });
`;
