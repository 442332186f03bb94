/** Every command module, imported once for its registrations. */
export * from './registry'
