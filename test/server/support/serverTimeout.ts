// Jest reads testTimeout only as a global option, so each Node project sets its own here.
jest.setTimeout(60_000);
