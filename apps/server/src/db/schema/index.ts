// Every table of the app; drizzle-kit generates the migrations from this.
export * from './sites.ts';
export * from './analytics.ts';
