/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
  setupFiles: ['<rootDir>/test/polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setupTests.ts'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/styleStub.js',
  },
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      { tsconfig: { module: 'CommonJS', moduleResolution: 'Node10', jsx: 'react-jsx', isolatedModules: true } },
    ],
  },
};
