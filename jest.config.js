/** Jest projects: unit (pure logic), integration (real local emulators), infra (CDK), e2e (the CLI). */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];
const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swc },
  // ESM-only packages are compiled to CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(@middy|unpdf)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  setupFiles: ['<rootDir>/test/setupPolyfills.ts', '<rootDir>/test/setupEnvironment.ts'],
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    // Whole audits on a shared 2-core machine: a generous limit per test, so load never fails a run.
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'], setupFilesAfterEnv: ['<rootDir>/test/setupWholeAuditTimeout.ts'] },
    { ...common, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'], setupFilesAfterEnv: ['<rootDir>/test/setupWholeAuditTimeout.ts'] },
  ],
};
