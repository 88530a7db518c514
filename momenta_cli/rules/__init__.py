"""Rules as data: settings, the condition catalogue, damage types, built-in weapons."""
