// Jest reads testTimeout only as a global option, so the fault tests set theirs here.
jest.setTimeout(300_000);
