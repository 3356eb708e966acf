"""What every package of mem shares: settings, the exception hierarchy, ids, the clock, atomic writes."""

from mem.core.clock import freeze, isoformat, now, parse_datetime, today
from mem.core.config import CONFIG_FILE, Config, find_workspace, render_template
from mem.core.errors import (
    Conflict,
    Interrupted,
    InvalidInput,
    LockTimeout,
    MemError,
    ModelError,
    NetworkError,
    NotFound,
    Refused,
    StorageError,
    VerificationError,
)
from mem.core.fsio import atomic_write_bytes, atomic_write_text
from mem.core.ids import new_id, validate_customer_id, validate_name

__all__ = [
    "CONFIG_FILE",
    "Config",
    "Conflict",
    "Interrupted",
    "InvalidInput",
    "LockTimeout",
    "MemError",
    "ModelError",
    "NetworkError",
    "NotFound",
    "Refused",
    "StorageError",
    "VerificationError",
    "atomic_write_bytes",
    "atomic_write_text",
    "find_workspace",
    "freeze",
    "isoformat",
    "new_id",
    "now",
    "parse_datetime",
    "render_template",
    "today",
    "validate_customer_id",
    "validate_name",
]
