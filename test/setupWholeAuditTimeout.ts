// Integration and end-to-end tests run whole audits through real local emulators. On a shared,
// loaded 2-core machine one can take well over jest's 5 s default without anything being wrong;
// a test that sets its own limit keeps it. Speed is measured in bench/, never by a test timing out.
jest.setTimeout(120_000);
