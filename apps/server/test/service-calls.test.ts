import { describe, expect, it } from 'vitest';
import { serviceModules } from '../src/services.js';

// docs/architecture.md "Service map": services call each other in one direction only; the other
// way is a topic from an outbox (the order topics to orchestration, the courier's to order).
const calls = new Map(serviceModules.map((m) => [m.name, m.calls ?? []]));

/** A loop of calls starting and ending at `from`, if there is one. */
function loopFrom(from: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (at: string, path: string[]): string[] | undefined => {
    for (const next of calls.get(at) ?? []) {
      if (next === from) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(from, [from]);
}

describe('the services calling each other', () => {
  it('never call around a loop: no service is called, however indirectly, by one it calls', () => {
    const loops = serviceModules.map((m) => loopFrom(m.name)).filter(Boolean);
    expect(loops.map((loop) => loop!.join(' -> '))).toEqual([]);
  });

  it('the order service calls the courier; the courier calls no service (it announces)', () => {
    expect(calls.get('order')).toContain('courier');
    expect(calls.get('courier')).toEqual([]);
  });
});
