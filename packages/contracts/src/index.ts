// Zod schemas and inferred types for every HTTP body, shared by the server routes and the web forms.
export * from './errors.ts';
export * from './sites.ts';
export * from './interests.ts';
export * from './accounts.ts';
export * from './members.ts';
export * from './orientation.ts';
export * from './chats.ts';
export * from './payments.ts';
export * from './notifications.ts';
export * from './geo.ts';
export * from './tickets.ts';
export * from './landers.ts';
export * from './reports.ts';
export * from './data-export.ts';
export * from './admin.ts';
export * from './site-entry.ts';
export * from './first-view.ts';
