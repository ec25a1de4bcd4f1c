// Scaffolding: replaced by the module's implementation.
enum KeyStoreScaffolding {}
