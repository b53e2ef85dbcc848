/**
 * The services modules hand to routes and to each other, filled one module at a time. Asking
 * for one that no module has provided yet fails at start, naming it, instead of leaving an
 * `undefined` to surface in some request later.
 */
export class ServiceContainer<S extends object> {
  private readonly values: Partial<S> = {};
  private readonly owners = new Map<keyof S, string>();

  provide(owner: string, services: Partial<S>): void {
    for (const key of Object.keys(services) as (keyof S)[]) {
      const first = this.owners.get(key);
      if (first) throw new Error(`${String(key)} is provided by ${first} and ${owner}`);
      this.owners.set(key, owner);
      this.values[key] = services[key];
    }
  }

  use<K extends keyof S>(key: K, asker: string): S[K] {
    if (!this.owners.has(key))
      throw new Error(
        `${asker} needs ${String(key)}, which no module registered before it provides: ` +
          'list the modules in order (modules.ts), or look it up when called (`later`)',
      );
    return this.values[key] as S[K];
  }

  /** Every service, once every module has registered (the keys not provided are named). */
  complete(expected: readonly (keyof S)[]): S {
    const missing = expected.filter((key) => !this.owners.has(key));
    if (missing.length > 0) throw new Error(`no module provides ${missing.join(', ')}`);
    return this.values as S;
  }
}
