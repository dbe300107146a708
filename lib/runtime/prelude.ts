/**
 * Script run in every isolate before the extension: builds `context` (services, env) over
 * the one host function `__host(name, argsJson)`, and `__invoke`, which calls the module's
 * default export the way its type asks. Values cross the boundary as JSON only.
 */
export const PRELUDE = String.raw`
// Memory the isolate's heap cap does not count: WebAssembly memories and array buffers
// grown in place are allocated outside the capped allocator. Deleted before the extension
// loads, they can't be reached again (no other reference to them exists in this realm).
delete globalThis.WebAssembly;
delete ArrayBuffer.prototype.resize;
delete ArrayBuffer.prototype.transfer;
delete ArrayBuffer.prototype.transferToFixedLength;
delete SharedArrayBuffer.prototype.grow;
const host = globalThis.__host;
delete globalThis.__host;
const call = async (name, ...args) => {
  const out = await host.apply(undefined, [name, JSON.stringify(args)], {
    arguments: { copy: true },
    result: { promise: true, copy: true },
  });
  return out === undefined || out === null ? undefined : JSON.parse(out);
};
const wrapResponse = (r) => ({
  ok: r.status >= 200 && r.status < 300,
  status: r.status,
  headers: r.headers,
  text: async () => r.body,
  json: async () => JSON.parse(r.body),
});
function makeContext(info) {
  const services = Object.freeze({
    items: (collection) => Object.freeze({
      readByQuery: (query) => call('items.readByQuery', collection, query),
      readOne: (id, query) => call('items.readOne', collection, id, query),
      createOne: (data) => call('items.createOne', collection, data),
      updateOne: (id, data) => call('items.updateOne', collection, id, data),
      deleteOne: (id) => call('items.deleteOne', collection, id),
    }),
    collections: () => call('collections'),
    fields: () => call('fields'),
    relations: () => call('relations'),
    files: () => call('files'),
    versions: (query) => call('versions', query),
    mail: (message) => call('mail', message),
    cron: Object.freeze({
      trigger: (idOrName) => call('cron.trigger', idOrName),
      list: () => call('cron.list'),
    }),
    // Bypasses row-level security: see raw-database.ts.
    database: Object.freeze({
      raw: (sql, bindings) => call('database.raw', String(sql), bindings ?? []),
    }),
    env: info.env,
    custom: (name) => new Proxy({}, {
      get: (_, fn) => (typeof fn === 'string' && fn !== 'then')
        ? (...args) => call('custom', name, fn, args)
        : undefined,
    }),
    fetch: async (url, init) => wrapResponse(await call('fetch', String(url), init ?? {})),
  });
  return { services, env: info.env, accountability: info.accountability, config: info.config };
}
globalThis.__invoke = async (kind, argsJson) => {
  const a = JSON.parse(argsJson);
  const ext = globalThis.__ext;
  if (typeof ext !== 'function') throw new Error('The module has no default-exported function');
  const context = makeContext(a.context);
  let result;
  if (kind === 'endpoint') result = await ext(a.request, context);
  else if (kind === 'operation') result = await ext(a.payload, context);
  else if (kind === 'service') {
    const api = await ext(context);
    const fn = api && Object.prototype.hasOwnProperty.call(api, a.fn) ? api[a.fn] : undefined;
    if (typeof fn !== 'function') throw new Error('The service has no function "' + a.fn + '"');
    result = await fn(...a.args);
  } else if (kind === 'hook') {
    const handlers = [];
    const emitter = Object.freeze({
      onFilter: (event, handler) => void handlers.push(['filter', String(event), handler]),
      onAction: (event, handler) => void handlers.push(['action', String(event), handler]),
    });
    await ext(emitter, context);
    if (a.index === undefined) result = handlers.map(([k, e]) => [k, e]);
    else {
      const [k, , handler] = handlers[a.index] ?? [];
      if (typeof handler !== 'function') throw new Error('The hook handler is gone');
      const hookContext = { ...a.hookContext, services: context.services, env: context.env };
      result = k === 'filter'
        ? await handler(a.payload, a.meta, hookContext)
        : (await handler(a.meta, hookContext), undefined);
    }
  }
  return JSON.stringify(result === undefined ? {} : { value: result });
};
`;
