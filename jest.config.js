const tsJest = (extra = {}) => [
  'ts-jest',
  { tsconfig: { module: 'CommonJS', moduleResolution: 'Node10', jsx: 'react-jsx', isolatedModules: true, ...extra } },
];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'browser app',
      // jsdom with Node's fetch at hand, and a real hotel server for the screens in hotel mode.
      testEnvironment: '<rootDir>/test/support/jsdomEnvironment.js',
      globalSetup: '<rootDir>/test/support/hotelServerSetup.ts',
      globalTeardown: '<rootDir>/test/support/hotelServerTeardown.ts',
      roots: ['<rootDir>/test'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/server/', '<rootDir>/test/faults/'],
      setupFiles: ['<rootDir>/test/polyfills.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setupTests.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/test/styleStub.js' },
      transform: { '^.+\\.tsx?$': tsJest() },
    },
    {
      // The hotel-mode API over real HTTP against real PostgreSQL clusters (test/server/support).
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server'],
      testMatch: ['**/*.test.ts'],
      globalSetup: '<rootDir>/test/server/support/announceDatabases.ts',
      transform: { '^.+\\.tsx?$': tsJest() },
      setupFilesAfterEnv: ['<rootDir>/test/server/support/serverTimeout.ts'],
    },
    {
      // Kill, stop and storm tests (npm run test:faults, run by .ci/run): slow, so not in npm test.
      displayName: 'faults',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/faults'],
      testMatch: ['**/*.test.ts'],
      globalSetup: '<rootDir>/test/server/support/announceDatabases.ts',
      transform: { '^.+\\.tsx?$': tsJest() },
      setupFilesAfterEnv: ['<rootDir>/test/faults/support/faultsTimeout.ts'],
    },
  ],
};
