type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Keeps only the component schemas a service's operations reach. Zod's registry is global, so
 * without this every service's document would list every other service's schemas too.
 */
export function pruneComponents<T extends Record<string, unknown>>(input: T): T {
  const doc = hoistSharedDefinitions(input);
  const d = doc as unknown as { paths?: Json; components?: { schemas?: Record<string, Json> } };
  const schemas = d.components?.schemas;
  if (!schemas) return doc;
  const used = new Set<string>();
  const visit = (node: Json | undefined) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (
          key === '$ref' &&
          typeof value === 'string' &&
          value.startsWith('#/components/schemas/')
        ) {
          const name = value.slice('#/components/schemas/'.length);
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else {
          visit(value);
        }
      }
    }
  };
  visit(d.paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...d.components, schemas: kept } } as T;
}

const SHARED = '#/components/schemas/__shared#/$defs/';

/**
 * Recursive schemas (such as JSON values) come out of the Zod transform as
 * `#/components/schemas/__shared#/$defs/<name>`, which is not a valid JSON pointer: move each
 * definition to a component of its own and point at it there.
 */
function hoistSharedDefinitions<T extends Record<string, unknown>>(doc: T): T {
  const text = JSON.stringify(doc);
  if (!text.includes(SHARED)) return doc;
  const parsed = JSON.parse(text.split(SHARED).join('#/components/schemas/')) as {
    components: { schemas: Record<string, Json> };
  };
  const shared = parsed.components.schemas.__shared as { $defs?: Record<string, Json> } | undefined;
  for (const [name, schema] of Object.entries(shared?.$defs ?? {})) {
    parsed.components.schemas[name] = schema;
  }
  delete parsed.components.schemas.__shared;
  return parsed as unknown as T;
}
