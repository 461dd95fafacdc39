/**
 * The SPEC §7 contract as both sides of it spell it out: lib/api reads the wire, lib/backend writes it, and both
 * import every wire shape (`Wire*`) and every wire format rule (an id's grammar, the error numbers) from here, one
 * declaration each (docs/architecture.md; ESLint refuses a `Wire*` declared anywhere else). Field names are the
 * wire's own (PascalCase, as the upstream host sends them); they stop at lib/api, which reshapes them into the
 * app's types. Split by service group; this file re-exports them all, so either side imports `@/lib/contract`.
 * It imports nothing outside itself, so importing it never ties lib/api and lib/backend together.
 */

export * from './auth';
export * from './booking';
export * from './clinics';
export * from './constitution';
export * from './dev';
export * from './doctors';
export * from './endpoints';
export * from './envelope';
export * from './evaluations';
export * from './jobs';
export * from './members';
export * from './messages';
export * from './news';
export * from './online';
export * from './points';
export * from './proof';
export * from './prices';
export * from './reference';
export * from './specialties';
export * from './system';
