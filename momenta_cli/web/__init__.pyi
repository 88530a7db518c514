# The door of web: each name of its API and the module it lives in.
