"""Identifiers: sortable unique ids for records, and validation of names that become paths."""

from __future__ import annotations

import os
import re
import time

from mem.core.errors import InvalidInput

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_last_ms = 0
_last_rand = 0


def new_id() -> str:
    """A 26-character ULID: 48 bits of milliseconds then 80 random bits, Crockford base32.

    Ids made in the same millisecond by this process increase monotonically, so sorting ids
    sorts records by creation.
    """
    global _last_ms, _last_rand
    ms = int(time.time() * 1000)
    if ms <= _last_ms:
        ms = _last_ms
        rand = (_last_rand + 1) & ((1 << 80) - 1)
    else:
        rand = int.from_bytes(os.urandom(10), "big")
    _last_ms, _last_rand = ms, rand
    value = (ms << 80) | rand
    chars = []
    for _ in range(26):
        chars.append(_CROCKFORD[value & 31])
        value >>= 5
    return "".join(reversed(chars))


# ASCII only, matched whole (``fullmatch``): ``$`` would also accept a trailing newline.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def validate_name(value: str, *, what: str = "id") -> str:
    """Check that ``value`` is safe to use as one path component (customer ids, page ids…).

    Refuses empty values, path separators, ``..``, leading dots or dashes, and anything outside
    ``[A-Za-z0-9._-]`` up to 64 characters.
    """
    if not isinstance(value, str) or not _NAME.fullmatch(value) or ".." in value:
        from mem.core.echo import echo_id

        # a customer id the caller got wrong is often the customer's name: not repeated into logs
        shown = echo_id(value) if what == "customer id" else repr(value)
        raise InvalidInput(
            f"invalid {what} {shown}: use 1-64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    return value


def validate_customer_id(value: str) -> str:
    """Validate a customer id; every call that touches customer memory goes through this. An e-mail address (most
    helpdesks key requesters by it) is refused with the advice to map it (docs/customers.md, "Customer ids from a
    helpdesk")."""
    try:
        return validate_name(value, what="customer id")
    except InvalidInput:
        if isinstance(value, str) and "@" in value:
            # the address itself is not repeated: this line goes to terminals, CI logs and error trackers
            raise InvalidInput(
                "invalid customer id (an e-mail address, not repeated here): an e-mail address is no customer id: map "
                "it to the helpdesk's own requester or contact id, or to a hash of the lower-cased address "
                "(docs/customers.md, 'Customer ids from a helpdesk')"
            ) from None
        raise
