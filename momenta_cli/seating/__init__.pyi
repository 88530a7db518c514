# The door of seating: each name of its API and the module it lives in.

from .exchange import (
    MAX_ANSWER as MAX_ANSWER,
    Claim as Claim,
    Exchange as Exchange,
    Reply as Reply,
    phones_dir as phones_dir,
)
