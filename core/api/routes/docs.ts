import type { Api } from '../api-context.js';

/**
 * The readable reference at /v1/docs, rendered on the server from the OpenAPI document the routes' own
 * schemas make (so it can never say something the server does not do): every endpoint with its
 * parameters, request body (the upload's multipart form included), answer (a build's `expected` keys
 * with when each appears), and its errors. Plain HTML, no script.
 */
type Schema = {
  $ref?: string; type?: string; description?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema;
  enum?: unknown[]; const?: unknown; anyOf?: Schema[]; oneOf?: Schema[]; pattern?: string; maxLength?: number; minimum?: number;
  maximum?: number; contentMediaType?: string; format?: string;
};
type Operation = {
  summary?: string; description?: string; parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> }; responses?: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
};
type OpenApi = { info: { description?: string }; paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function renderReference(doc: OpenApi): string {
  const resolve = (schema: Schema | undefined): Schema => (schema?.$ref ? (doc.components?.schemas?.[schema.$ref.split('/').pop()!] ?? {}) : (schema ?? {}));
  const typeOf = (raw: Schema | undefined): string => {
    const schema = resolve(raw);
    if (schema.enum) return schema.enum.map(String).join(' | ');
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    const union = schema.anyOf ?? schema.oneOf;
    if (union) return union.map(typeOf).join(' or ');
    if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
    if (schema.contentMediaType || schema.format === 'binary') return 'file';
    return schema.type ?? 'any';
  };
  // A schema as a nested list: each property with its type, whether it is required, and what it means.
  const fields = (raw: Schema | undefined, depth: number): string => {
    const schema = resolve(raw);
    const object = schema.type === 'array' ? resolve(schema.items) : schema;
    if (!object.properties) return '';
    const required = new Set(object.required ?? []);
    const items = Object.entries(object.properties).map(([name, rawProp]) => {
      const prop = resolve(rawProp);
      const notes = [
        prop.description, prop.pattern && `pattern ${prop.pattern}`, prop.maxLength !== undefined && `at most ${prop.maxLength} characters`,
        prop.minimum !== undefined && `from ${prop.minimum}`, prop.maximum !== undefined && `to ${prop.maximum}`,
      ].filter(Boolean) as string[];
      const nested = depth < 4 ? fields(prop.type === 'array' ? prop.items : (prop.anyOf?.find((s) => resolve(s).properties) ?? prop), depth + 1) : '';
      return `<li><code>${escape(name)}</code> <span class="t">${escape(typeOf(prop))}${required.has(name) ? ', required' : ''}</span>${notes.length ? `: ${escape(notes.join('; '))}` : ''}${nested}</li>`;
    });
    return `<ul>${items.join('')}</ul>`;
  };
  const sections: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parts = [`<h2 id="${escape(`${method}-${path}`)}"><span class="m">${method.toUpperCase()}</span> <code>${escape(path)}</code></h2>`];
      parts.push(`<p>${escape([op.summary, op.description].filter(Boolean).join('. '))}</p>`);
      if (op.parameters?.length) {
        const params = op.parameters.map((p) => {
          const about = p.description ?? p.schema?.description;
          return `<li><code>${escape(p.name)}</code> <span class="t">${escape(p.in)}, ${escape(typeOf(p.schema))}${p.required ? ', required' : ''}</span>${about ? `: ${escape(about)}` : ''}</li>`;
        });
        parts.push(`<h3>Parameters</h3><ul>${params.join('')}</ul>`);
      }
      for (const [type, body] of Object.entries(op.requestBody?.content ?? {})) {
        parts.push(`<h3>Request body (${escape(type)})</h3>${fields(body.schema, 0) || `<p>${escape(typeOf(body.schema))}</p>`}`);
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (!status.startsWith('2')) {
          parts.push(`<h3>Error ${escape(status)}</h3><p><code>{error: {code, message}}</code>: branch on the stable code; the message names the problem in plain words.</p>`);
          continue;
        }
        parts.push(`<h3>Answer ${escape(status)}</h3>`);
        parts.push(schema ? fields(schema, 0) || `<p>${escape(typeOf(schema))}</p>` : '');
      }
      sections.push(parts.join('\n'));
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>launchdesk /v1 reference</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
code{font:13px ui-monospace,monospace;background:#f3f4f6;border-radius:4px;padding:.1rem .3rem}
h2{margin-top:2rem;border-top:1px solid #ddd;padding-top:1rem}h3{font-size:1rem;margin:.8rem 0 .2rem}.m{font-weight:700;color:#0a7}
.t{color:#57606a}ul{margin:.2rem 0;padding-left:1.3rem}</style></head>
<body><h1>launchdesk local <code>/v1</code></h1><p>${escape(doc.info.description ?? '')} The same document as JSON: <a href="/v1/openapi.json">/v1/openapi.json</a>.</p>
${sections.join('\n')}
</body></html>`;
}

/** GET /v1/openapi.json (built from the routes' own schemas) and the reference page at /v1/docs. */
export function registerDocsRoutes(app: Api): void {
  let page: string | null = null;
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/v1/docs', { schema: { hide: true } }, async (_request, reply) => {
    page ??= renderReference(app.swagger() as unknown as OpenApi);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
