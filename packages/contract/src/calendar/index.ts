export * from './calendar';
export * from './closures';
