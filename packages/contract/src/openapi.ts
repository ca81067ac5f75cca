import { z } from 'zod';
import { envelopeOf } from './envelope';
import type { RouteDef } from './route';

export const API_BASE = '/web';

/** The OpenAPI 3.1 document of the route table. */
export function buildOpenApi(table: Record<string, RouteDef>, version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  for (const [id, def] of Object.entries(table)) {
    const path = API_BASE + def.path.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const name of def.path.match(/:(\w+)/g) ?? []) {
      parameters.push({ name: name.slice(1), in: 'path', required: true, schema: { type: 'string' } });
    }
    if (def.method === 'GET') {
      const query = schema(def.request, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema: prop });
      }
    }
    if (def.idempotency) {
      parameters.push({ name: 'Idempotency-Key', in: 'header', required: def.idempotency === 'required', schema: { type: 'string', maxLength: 100 } });
    }
    const requestBody =
      def.method === 'POST'
        ? def.body === 'multipart'
          ? {
              content: {
                'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } },
              },
            }
          : { content: { 'application/json': { schema: schema(def.request, 'input') } } }
        : undefined;
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = {
      operationId: id,
      summary: def.summary,
      tags: [def.tag],
      security: def.auth === 'public' ? [] : [{ bearer: [] }],
      'x-auth': def.auth,
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: schema(envelopeOf(def.response), 'output') } } },
        default: { description: "An error envelope: code is the HTTP status, msg in the caller's language" },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Trading app API', version },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
