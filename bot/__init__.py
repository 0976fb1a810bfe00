"""The Rookery process: configuration, storage, the table service, timers and shared text rendering."""
