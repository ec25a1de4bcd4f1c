import Testing
// Scaffolding: replaced by the module's tests.
