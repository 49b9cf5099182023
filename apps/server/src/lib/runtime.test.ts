import { describe, expect, it } from 'vitest';
import { requiredNodeMajor, runtimeProblem } from './runtime.ts';

describe('the runtime', () => {
  it("is Node.js 24 or newer, as package.json's engines says, for the tests and the server alike", () => {
    expect(requiredNodeMajor()).toBe(24);
    expect(runtimeProblem()).toBeNull();
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(requiredNodeMajor());
  });

  it('refuses an older major with a message that says what to run instead', () => {
    expect(runtimeProblem('20.19.2', 24)).toMatch(
      /Node\.js 20\.19\.2 is too old: this project needs Node\.js 24 or newer\. Start it with "npm start"/,
    );
    expect(runtimeProblem('22.18.0', 24)).not.toBeNull();
    expect(runtimeProblem('24.0.0', 24)).toBeNull();
    expect(runtimeProblem('26.1.0', 24)).toBeNull();
  });
});
