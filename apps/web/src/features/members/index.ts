// The members feature's public entry: other features import only what is exported here.
export { MemberNavLinks } from './components/member-nav-links.tsx';
