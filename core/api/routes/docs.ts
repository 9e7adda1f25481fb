import type { Api } from '../server.js';

/** A readable reference page, rendered in the browser from /v1/openapi.json (no third-party script). */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>launchdesk /v1 reference</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
code,pre{font:13px ui-monospace,monospace;background:#f3f4f6;border-radius:4px;padding:.1rem .3rem}pre{padding:.6rem;overflow:auto}
h2{margin-top:2rem;border-top:1px solid #ddd;padding-top:1rem}.m{font-weight:700;color:#0a7}</style></head>
<body><h1>launchdesk local <code>/v1</code></h1><p id="intro">Loading the OpenAPI document…</p><div id="ops"></div>
<script src="/v1/docs.js"></script></body></html>`;

const SCRIPT = `(async () => {
  const doc = await (await fetch('/v1/openapi.json')).json();
  document.getElementById('intro').textContent = doc.info.description;
  const ops = document.getElementById('ops');
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const h = document.createElement('h2');
      h.innerHTML = '<span class="m"></span> <code></code>';
      h.firstChild.textContent = method.toUpperCase();
      h.lastChild.textContent = path;
      ops.append(h);
      const p = document.createElement('p');
      p.textContent = [op.summary, op.description].filter(Boolean).join('. ');
      ops.append(p);
      for (const param of op.parameters ?? []) {
        const d = document.createElement('div');
        d.innerHTML = '<code></code> <span></span>';
        d.firstChild.textContent = param.in + ' ' + param.name + (param.required ? ' (required)' : '');
        d.lastChild.textContent = (param.schema && (param.schema.description || (param.schema.enum || []).join(' | '))) || '';
        ops.append(d);
      }
      const ok = op.responses && op.responses['200'] && op.responses['200'].content;
      if (ok) {
        const pre = document.createElement('pre');
        pre.textContent = JSON.stringify(ok['application/json'].schema, null, 2);
        ops.append(pre);
      }
    }
  }
})();`;

/** GET /v1/openapi.json (built from the routes' own schemas) and the reference page at /v1/docs. */
export function registerDocsRoutes(app: Api): void {
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/v1/docs', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/v1/docs.js', { schema: { hide: true } }, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SCRIPT));
}
