// Zod schemas and inferred types for every HTTP body, shared by the server routes and the web forms.
export * from './errors.ts';
export * from './sites.ts';
export * from './interests.ts';
export * from './accounts.ts';
export * from './members.ts';
export * from './orientation.ts';
