// Every table of the app; drizzle-kit generates the migrations from this.
export * from './sites.ts';
export * from './analytics.ts';
export * from './users.ts';
export * from './sessions.ts';
export * from './tokens.ts';
export * from './credits.ts';
export * from './mail.ts';
export * from './jobs.ts';
export * from './photos.ts';
export * from './likes.ts';
export * from './blocks.ts';
export * from './swipes.ts';
export * from './secrets.ts';
