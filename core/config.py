"""Settings: ``mem.toml`` of the workspace, the environment, and the defaults, in one frozen object.

This is the only module that reads settings from files or the environment. The CLI loads a
``Config`` once in its root callback and passes it down; library code takes the values it needs
as arguments or takes the ``Config``.

Each section is a frozen dataclass whose fields carry their default and a one-line comment; the
same definitions write the commented ``mem.toml`` that ``mem init`` creates (``render_template``),
so a default cannot drift from its documentation.

Precedence, lowest first: defaults → ``mem.toml`` of the workspace → ``overlay()`` (the client
applies the config carried in a verified bundle this way) → environment variables named below.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import os
import re
import tomllib
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from mem.core.errors import InvalidInput, MemWarning, NotFound
from mem.core.formats import CLIENT_SETTINGS_SINCE, SETTINGS_SINCE, WORKSPACE_FORMAT
from mem.core.fsio import PathArg

CONFIG_FILE = "mem.toml"
# customer names the anonymiser and lint must find, in the client home (never in the committed mem.toml)
NAMES_FILE = "person-names.txt"
#: Config sections the service ships to clients in its bundle (docs/design.md, "Traits": thresholds change
#: without an app update); the client overlays them on its own ``mem.toml``.
CLIENT_SECTIONS = ("context", "extract", "trait", "knowhow", "ask")
#: Shipped sections of which only some keys travel: whether the sentence encoder is used at all stays the
#: client's (it may not be installed there; MEM_SEMANTIC), how similar a sentence must be to answer is the
#: service's (docs/ask.md), so a client answers "no rule" where the service would.
CLIENT_KEYS: dict[str, tuple[str, ...]] = {"ask": ("semantic_threshold",)}
#: A setting's value as ``mem.toml`` and a bundle's ``config.json`` carry it (every field type of the sections).
SettingValue = str | int | float | bool | list[str]
#: Settings by section and key: what a bundle's ``config.json`` holds and ``ServiceMemory.settings`` returns.
SettingSections = dict[str, dict[str, SettingValue]]


# Any: a field's default is a value of any setting type; the dataclass annotation types it.
def _f(default: Any, doc: str, *, least: float | None = None, most: float | None = None,
       allowed: str = "", choices: tuple[str, ...] = ()) -> Any:
    """A setting: default, one-line doc, and for a number the range it must fall in (checked at load;
    ``allowed`` words a range its own check enforces, such as ``check_ask``'s); for a word, the
    ``choices`` it must be one of (checked at load)."""
    metadata = {"doc": doc, "range": (least, most), "allowed": allowed, "choices": choices}
    if isinstance(default, list):
        return field(default_factory=lambda: list(default), metadata=metadata)
    return field(default=default, metadata=metadata)


# The largest whole number a setting takes, whatever its own range: a 64-bit integer, what SQLite
# stores and the standard library's date arithmetic takes. `budget_chars = 99999999999999999999`
# was accepted and printed as a budget ("15 of 99999999999999999999 characters used").
MAX_INT_SETTING = 2**63 - 1

# The heading levels `mem ingest` cuts a document at (`--split`, `ingest.split`).
INGEST_SPLITS = ("auto", "h1", "h2", "h3", "none")

# A century: a period that long is "never" for every setting counted in days, hours or minutes, and
# a longer one overflowed the date arithmetic ("internal error: OverflowError") where it was used.
CENTURY_DAYS = 36_500


@dataclass(frozen=True)
class ModelSettings:
    """Which language model to use through the ``llm`` library."""

    name: str = _f("", "llm model id (e.g. 'gpt-4o-mini'); empty = the offline deterministic engine")
    timeout: float = _f(120.0, "seconds one model call may take before it fails with one line (0 = no limit); the "
                               "customer's memory is not locked while a model thinks, except for an extraction "
                               "chunk's calls after its fourth (a memory that keeps changing)", least=0)


@dataclass(frozen=True)
class IngestSettings:
    """Movement 1: official documents → policy pages."""

    max_bytes: int = _f(50 * 1024 * 1024, "largest document `mem ingest` accepts, in bytes", least=1)
    split: str = _f("auto", "heading level a document is cut into pages at: auto, h1, h2, h3 or none "
                            "(`mem ingest --split`)", choices=INGEST_SPLITS)


@dataclass(frozen=True)
class AskSettings:
    """`mem ask` and the agent: how the deterministic engine finds the rule that answers."""

    semantic: str = _f("auto", "quote the policy sentence closest in meaning to the question (sentence encoder of the "
                               "'semantic' extra): auto = when installed, off = lexical only (env MEM_SEMANTIC)")
    semantic_threshold: float = _f(0.9175, "semantic: how similar (the adapted cosine, 0-1) a sentence must be to "
                                           "answer; the learned answer-or-abstain decision reads each score shifted by "
                                           "(the adapter's trained threshold - this): higher is stricter "
                                           "(scripts/train_adapter.py, docs/ask.md)",
                                   allowed="above 0, at most 1")


@dataclass(frozen=True)
class LintSettings:
    """`mem lint`: rules that need data from the service."""

    person_names: list[str] = _f([], "names that must never appear in know-how pages: staff or brand names only — this "
                                     "file is committed, so customer names go in the home's person-names.txt")
    customer_id_pattern: str = _f(
        r"\bcust[-_][A-Za-z0-9]+\b", "regex matching customer ids (must not appear in know-how)"
    )
    max_annotations: int = _f(10, "github format: annotations printed per level before a notice", least=0)


@dataclass(frozen=True)
class ContextSettings:
    """Movement 3: the always-injected customer context."""

    budget_chars: int = _f(600, "customer context budget in characters; overflow is demoted to facts", least=0)
    confirm_promotions: bool = _f(True, "a fact promoted to context needs the customer's confirmation")


@dataclass(frozen=True)
class ExtractSettings:
    """Movement 2: request log → customer facts."""

    recent_turns: int = _f(200, "only this many most recent turns are sent to a model", least=1)
    batch_turns: int = _f(400, "deterministic engine: turns stored per transaction (a crash redoes at most these)",
                          least=1)
    max_lock_seconds: float = _f(2.0, "a long extraction lets a waiting `mem ask` for the customer in after this long",
                                 least=0)
    max_message_bytes: int = _f(256 * 1024, "log import, ask and chat refuse a longer message (UTF-8 bytes)", least=1)
    host_agent_confirms: bool = _f(False, "an agent turn an MCP host logs (log_turn) may confirm an agreement; off: it "
                                          "grants nothing, the customer's proposal stays a request (docs/mcp.md)")


@dataclass(frozen=True)
class TraitSettings:
    """Movement 6: one customer's repeated tendency → a trait fact."""

    min_repeats: int = _f(3, "repetitions needed before a tendency becomes a trait", least=1)
    min_distinct_days: int = _f(2, "repetitions on one day do not count as a tendency", least=1)
    confirm_inferred: bool = _f(True, "an inferred trait reaches customer context only after confirmation")
    recheck_after_days: int = _f(180, "a trait not seen again within this period is flagged for recheck",
                                 least=1, most=CENTURY_DAYS)


@dataclass(frozen=True)
class KnowhowSettings:
    """Movement 4: the same decision across customers → know-how (operator approves)."""

    min_customers: int = _f(3, "distinct customers with the same decision before a procedure is proposed", least=1)
    propose_min_customers: int = _f(2, "below min_customers but at least this many: proposal only, flagged 'few'",
                                    least=1)
    window_days: int = _f(365, "only decision facts this recent are counted", least=1, most=CENTURY_DAYS)


@dataclass(frozen=True)
class ServerSettings:
    """`mem serve` and the client's view of it."""

    url: str = _f("http://127.0.0.1:8765", "where clients reach the server (mem sync, share, backup)")
    bundles_url: str = _f("", "where clients fetch bundles published with `mem bundle publish` (a static "
                              "base URL); empty = from the server (`mem login --bundles` overrides)")
    host: str = _f("127.0.0.1", "address `mem serve` listens on")
    port: int = _f(8765, "port `mem serve` listens on", least=0, most=65_535)
    max_request_bytes: int = _f(8 * 1024 * 1024, "largest request body the server accepts", least=1)
    database: str = _f("", "server store (accounts, evidence, intake, reviews): a postgresql:// URL, "
                           "or empty for SQLite in the workspace (env MEM_DATABASE_URL)")
    database_pool_size: int = _f(8, "PostgreSQL connections each server process keeps at most, per database", least=1)
    workers: int = _f(1, "worker processes `mem serve` starts (more than 1 wants a PostgreSQL database)",
                      least=1, most=64)


@dataclass(frozen=True)
class BundleSettings:
    """Signed bundles of service memory."""

    expires_days: int = _f(30, "a bundle's manifest expires this many days after it is issued",
                           least=0, most=CENTURY_DAYS)
    stale_after_hours: int = _f(24, "client: the installed bundle is stale (not-refreshed) after this long without a "
                                "successful sync", least=1, most=CENTURY_DAYS * 24)
    require_review: bool = _f(False, "`mem bundle build` refuses a policy page without a `verified` review of its "
                                     "current version (off: committed is enough)")
    branch: str = _f("", "the release branch: `mem bundle build` refuses a commit not on it unless --from-branch "
                         "(empty: builds anywhere, and the manifest says whether the commit is on the default branch)")


@dataclass(frozen=True)
class BackupSettings:
    """Device-migration backups (6-digit PIN)."""

    max_attempts: int = _f(10, "wrong PIN attempts before the key service destroys the backup", least=1)
    retention_days: int = _f(14, "days a backup is kept before it is deleted", least=1, most=CENTURY_DAYS)
    keyservice_database: str = _f("", "key service (PIN counters, secrets): a postgresql:// URL of its own "
                                      "database, or empty for server.database (env MEM_KEYSERVICE_DATABASE_URL)")
    blobstore_database: str = _f("", "blob store (backup ciphertext): a postgresql:// URL, or empty for "
                                     "server.database (env MEM_BLOBSTORE_DATABASE_URL)")


@dataclass(frozen=True)
class QuotaSettings:
    """Per-account limits of `mem serve` (HTTP 413 one request too large, 429 a daily allowance used, 507 full)."""

    backup_bytes: int = _f(2 * 1024**3, "ciphertext one account may keep in backups, finished or not, in bytes")
    backup_count: int = _f(10_000, "backups (one per customer) one account may keep at once")
    unfinished_bytes: int = _f(256 * 1024**2, "bytes of not yet completed backup uploads one account may hold")
    unfinished_count: int = _f(16, "backup uploads one account may have started and not completed")
    unfinished_minutes: int = _f(30, "a backup upload not completed within this many minutes is deleted",
                                 least=1, most=CENTURY_DAYS * 24 * 60)
    evidence_request_records: int = _f(1000, "evidence records in one request")
    evidence_request_bytes: int = _f(1024**2, "bytes of one evidence request")
    evidence_day_records: int = _f(50_000, "evidence records one account may send per UTC day")
    evidence_day_bytes: int = _f(64 * 1024**2, "bytes of evidence one account may send per UTC day")
    share_request_records: int = _f(2000, "anonymised decision records in one `mem share` request")
    share_request_bytes: int = _f(4 * 1024**2, "bytes of one share request")
    share_day_records: int = _f(100_000, "shared decision records one account may send per UTC day")
    share_day_bytes: int = _f(128 * 1024**2, "bytes of shared decisions one account may send per UTC day")


@dataclass(frozen=True)
class Config:
    """All settings of one mem run. Build it with ``Config.load``."""

    workspace: Path | None = None
    home: Path = Path(".")
    model: ModelSettings = field(default_factory=ModelSettings)
    ingest: IngestSettings = field(default_factory=IngestSettings)
    ask: AskSettings = field(default_factory=AskSettings)
    lint: LintSettings = field(default_factory=LintSettings)
    context: ContextSettings = field(default_factory=ContextSettings)
    extract: ExtractSettings = field(default_factory=ExtractSettings)
    trait: TraitSettings = field(default_factory=TraitSettings)
    knowhow: KnowhowSettings = field(default_factory=KnowhowSettings)
    server: ServerSettings = field(default_factory=ServerSettings)
    bundle: BundleSettings = field(default_factory=BundleSettings)
    backup: BackupSettings = field(default_factory=BackupSettings)
    quota: QuotaSettings = field(default_factory=QuotaSettings)
    now: datetime | None = None
    debug: bool = False

    @classmethod
    def load(
        cls,
        *,
        workspace: PathArg | None = None,
        home: PathArg | None = None,
        env: Mapping[str, str] | None = None,
        cwd: Path | None = None,
    ) -> Config:
        """Settings for one run.

        ``workspace``: explicit workspace folder; else ``MEM_WORKSPACE``; else the nearest folder
        upward from ``cwd`` holding ``mem.toml``; else none (client-only commands need none).
        ``home``: explicit client home; else ``MEM_HOME``; else ``$XDG_DATA_HOME/mem`` or
        ``~/.local/share/mem``.
        """
        env = os.environ if env is None else env
        if workspace is None and env.get("MEM_WORKSPACE"):
            workspace = Path(env["MEM_WORKSPACE"])
        if workspace is None:
            workspace = find_workspace(cwd or Path.cwd())
        if workspace is not None:
            workspace = Path(workspace).expanduser().resolve()
        if home is None:
            home = Path(env["MEM_HOME"]) if env.get("MEM_HOME") else default_home(env)
        else:  # --home: created as asked, even when it is the default path (check_home)
            _EXPLICIT_HOMES.add(Path(home).expanduser().resolve())
        config = cls(workspace=workspace, home=Path(home).expanduser().resolve())
        if workspace is not None and (workspace / CONFIG_FILE).is_file():
            config = config.overlay_file(read_toml(workspace / CONFIG_FILE))
        changes: dict[str, Any] = {"debug": env.get("MEM_DEBUG", "") not in ("", "0")}
        if env.get("MEM_NOW"):
            changes["now"] = env_now(env)
        if env.get("MEM_MODEL") is not None and "MEM_MODEL" in env:
            changes["model"] = dataclasses.replace(config.model, name=env["MEM_MODEL"])
        if env.get("MEM_SEMANTIC"):
            changes["ask"] = check_ask(dataclasses.replace(config.ask, semantic=env["MEM_SEMANTIC"]), "MEM_SEMANTIC")
        if env.get("MEM_DATABASE_URL"):
            changes["server"] = dataclasses.replace(config.server, database=env["MEM_DATABASE_URL"])
        backup = config.backup
        if env.get("MEM_KEYSERVICE_DATABASE_URL"):
            backup = dataclasses.replace(backup, keyservice_database=env["MEM_KEYSERVICE_DATABASE_URL"])
        if env.get("MEM_BLOBSTORE_DATABASE_URL"):
            backup = dataclasses.replace(backup, blobstore_database=env["MEM_BLOBSTORE_DATABASE_URL"])
        if backup is not config.backup:
            changes["backup"] = backup
        return dataclasses.replace(config, **changes)

    @property
    def person_names(self) -> tuple[str, ...]:
        """The names the anonymiser and lint's ``personal-data`` rule must find: ``lint.person_names`` of
        ``mem.toml`` and the home's names file (``NAMES_FILE``, one name a line, ``#`` starts a comment). Customer
        names belong in the names file: it lives in the client home, outside the workspace, so it never enters
        git; ``mem.toml`` is committed and shipped, so it holds none (docs/knowhow.md, newuser27 #7)."""
        return (*self.lint.person_names, *read_names_file(self.home / NAMES_FILE))

    def customer_id_regex(self) -> re.Pattern[str] | None:
        """``lint.customer_id_pattern`` compiled, ``None`` when empty; ``InvalidInput`` when it is no regex."""
        if not self.lint.customer_id_pattern:
            return None
        try:
            return re.compile(self.lint.customer_id_pattern)
        except re.error as exc:
            raise InvalidInput(f"lint.customer_id_pattern is not a valid regular expression: {exc}") from exc

    # Any: parsed TOML, not yet trusted.
    def overlay_file(self, data: Mapping[str, Any], *, origin: str = CONFIG_FILE) -> Config:
        """``overlay`` of a parsed ``mem.toml``, read by its ``format`` line (``mem.core.formats``, docs/upgrading.md).

        A file of this mem's workspace format or older (no line: format 1) holds only settings this mem knows,
        so a name it does not know is a typo: refused, naming it. A file of a higher format was written by a
        newer mem: the settings this mem does not know are ignored, named in one warning line, and every setting
        it knows is still checked."""
        data = dict(data)
        written = data.pop("format", 1)
        if not isinstance(written, int) or isinstance(written, bool) or written < 1:
            raise InvalidInput(f"{origin}: format must be a whole number of at least 1 (the workspace format: "
                               f"docs/upgrading.md), got {written!r}")
        if written <= WORKSPACE_FORMAT:
            config = self.overlay(data, origin=origin)
            # a setting of a later format added by hand to an older file: an older mem that reads the line would
            # refuse it as a typo, so the file should say the format it now is
            newer = sorted(f"{section}.{key}" for section, values in data.items() if isinstance(values, Mapping)
                           for key in values if SETTINGS_SINCE.get(f"{section}.{key}", 1) > written)
            if newer:
                needed = max(SETTINGS_SINCE[name] for name in newer)
                warnings.warn(MemWarning(
                    f"{origin} (workspace format {written}) holds settings of workspace format {needed}: "
                    f"{', '.join(newer)} — raise its 'format' line to {needed} so an older mem names them instead of "
                    f"refusing them as typos (docs/upgrading.md)"), stacklevel=2)
            return config
        ignored: list[str] = []
        config = self.overlay(data, origin=origin, unknown=ignored)
        if ignored:
            warnings.warn(MemWarning(
                f"{origin} was written by a newer mem (workspace format {written}, this mem reads up to "
                f"{WORKSPACE_FORMAT}): ignoring the settings this mem does not know: {', '.join(ignored)} "
                f"(upgrade mem to use them; mem --version)"), stacklevel=2)
        return config

    # Any: a verified bundle's config.json, not yet checked.
    def overlay_shipped(self, data: Mapping[str, Any], *, origin: str) -> Config:
        """``overlay`` of the client settings a verified bundle ships (``CLIENT_SECTIONS``).

        The bundle's manifest said this mem may read it (``min_reader``, ``mem.client.sync``), so a setting
        this mem does not know is one a newer service added and older clients may ignore: ignored, named in one
        warning line, "written by a newer mem". A setting it knows with a wrong value is still refused."""
        ignored: list[str] = []
        config = self.overlay(data, origin=origin, unknown=ignored)
        if ignored:
            warnings.warn(MemWarning(
                f"{origin} was written by a newer mem: ignoring the client settings this mem does not know: "
                f"{', '.join(ignored)} (upgrade mem to use them; mem --version)"), stacklevel=2)
        return config

    # Any: parsed TOML or JSON, not yet trusted; every section and value is checked here against its field.
    def overlay(self, data: Mapping[str, Any], *, origin: str = CONFIG_FILE,
                unknown: list[str] | None = None) -> Config:
        """A copy with the sections in ``data`` (parsed TOML shape) applied over these values.

        Unknown sections or keys and values of the wrong type are refused with the dotted name,
        so a typo in ``mem.toml`` is an error rather than a silently ignored setting. With ``unknown`` (a
        list), the sections and settings this mem does not know are skipped and their dotted names appended
        to it instead (a file or bundle written by a newer mem: ``overlay_file``, the client's bundle
        settings); a known setting of the wrong type is still refused.
        """
        changes: dict[str, Any] = {}
        for section_name, values in data.items():
            current = getattr(self, section_name, None) if section_name in SECTIONS else None
            if current is None:
                if unknown is None:
                    raise InvalidInput(f"{origin}: unknown section [{section_name}]{_TYPO_OR_NEWER}")
                unknown.append(f"[{section_name}]")
                continue
            if not isinstance(values, Mapping):
                raise InvalidInput(f"{origin}: [{section_name}] must be a table")
            if unknown is not None:
                known = {f.name for f in dataclasses.fields(current)}
                unknown.extend(f"{section_name}.{key}" for key in values if key not in known)
                values = {key: value for key, value in values.items() if key in known}
            changes[section_name] = _apply(current, values, section_name, origin)
            if section_name == "ask":
                check_ask(changes[section_name], origin)
        return dataclasses.replace(self, **changes)

    def section_dict(self, name: str) -> dict[str, SettingValue]:
        """One section as plain data (used to ship client settings inside a bundle)."""
        return dataclasses.asdict(getattr(self, name))

    def client_settings(self) -> SettingSections:
        """The settings a bundle ships to clients (``CLIENT_SECTIONS``, cut to ``CLIENT_KEYS``).

        A setting added after bundle format 1 (``CLIENT_SETTINGS_SINCE``) is left out while it holds its default:
        clients of format 1 refuse a setting they do not know, and the default is what every client has."""
        defaults = Config()
        return {name: {key: value for key, value in self.section_dict(name).items()
                       if (name not in CLIENT_KEYS or key in CLIENT_KEYS[name])
                       and not (f"{name}.{key}" in CLIENT_SETTINGS_SINCE
                                and value == defaults.section_dict(name).get(key))}
                for name in CLIENT_SECTIONS}


SECTIONS = (
    "model", "ingest", "ask", "lint", "context", "extract", "trait", "knowhow", "server", "bundle", "backup", "quota",
)


# what an unknown name in a file of this mem's format is: most often a typo; a mem.toml written by a newer mem
# says so in its ``format`` line (``Config.overlay_file``), but a line copied from a newer mem's docs does not
_TYPO_OR_NEWER = (f" (a typo? a setting of a newer mem? this mem reads workspace format {WORKSPACE_FORMAT}: "
                  "mem --version; upgrade mem, or remove the line)")


def _apply(current: Any, values: Mapping[str, Any], section: str, origin: str) -> Any:
    known = {f.name: f for f in dataclasses.fields(current)}
    updates: dict[str, Any] = {}
    for key, value in values.items():
        if key not in known:
            raise InvalidInput(f"{origin}: unknown setting {section}.{key}{_TYPO_OR_NEWER}")
        default = getattr(current, key)
        expected = type(default)
        ok = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value, ok = float(value), True
        if not ok:
            raise InvalidInput(
                f"{origin}: {section}.{key} must be {expected.__name__}, got {type(value).__name__}"
            )
        choices = known[key].metadata.get("choices")
        if choices and value not in choices:  # named as the setting: `--split` is a flag nobody gave
            raise InvalidInput(f"{origin}: {section}.{key} must be one of {', '.join(choices)}, got {value!r}")
        if isinstance(value, float) and not math.isfinite(value):
            # nan passed every comparison below (nan < 0 is false) and inf is no number of seconds
            raise InvalidInput(f"{origin}: {section}.{key} must be a finite number, got {value!r}")
        if isinstance(value, int) and not isinstance(value, bool) and value > MAX_INT_SETTING:
            raise InvalidInput(f"{origin}: {section}.{key} must be at most {MAX_INT_SETTING:,} (a 64-bit integer), "
                               f"got {value!r}")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if value < 0:  # no setting counts below zero
                raise InvalidInput(f"{origin}: {section}.{key} must not be negative")
            if (section, key) == ("ingest", "max_bytes") and value == 0:
                # 0 read as "no limit" (the reader's `if max_bytes and …`), which nobody could guess
                raise InvalidInput(f"{origin}: ingest.max_bytes must be at least 1 (bytes); it has no 'no limit' value")
            # Checked here, when mem.toml is read, not where the value is first used: `[bundle]
            # expires_days = 100000` passed every command until a bundle was built, and a day count
            # past a century overflowed the date arithmetic of whatever used it.
            least, most = known[key].metadata.get("range", (None, None))
            if (least is not None and value < least) or (most is not None and value > most):
                raise InvalidInput(f"{origin}: {section}.{key} must be {allowed_range(known[key])}, got {value!r}")
        updates[key] = value
    return dataclasses.replace(current, **updates)


# Any: a settings dataclass's field, of whatever setting type; only its metadata and type are read.
def allowed_range(setting: dataclasses.Field[Any]) -> str:
    """The values a numeric setting takes, as the docs and errors say it: ``at least 1``, ``0-64``,
    ``0 or more`` (every number is at least 0); empty for other settings."""
    least, most = setting.metadata.get("range", (None, None))
    if setting.metadata.get("choices"):
        return ", ".join(setting.metadata["choices"])
    if setting.type not in ("int", "float", int, float):
        return ""
    if setting.metadata.get("allowed"):
        return str(setting.metadata["allowed"])
    least = 0 if least is None else least
    if most is None:
        return "0 or more" if least == 0 else f"at least {least:,}"
    return f"{least:,}-{most:,}"


SEMANTIC_MODES = ("auto", "off")


def check_ask(ask: AskSettings, origin: str) -> AskSettings:
    """``ask`` itself, or a one-line error naming the setting that is out of range."""
    if ask.semantic not in SEMANTIC_MODES:
        raise InvalidInput(f"{origin}: ask.semantic must be one of {', '.join(SEMANTIC_MODES)}, got {ask.semantic!r}")
    if not 0.0 < ask.semantic_threshold <= 1.0:
        raise InvalidInput(f"{origin}: ask.semantic_threshold must be above 0 and at most 1 (a cosine), "
                           f"got {ask.semantic_threshold!r}")
    return ask


# Any: TOML as parsed, of any shape; ``Config.overlay`` checks it setting by setting.
def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file, turning syntax and encoding errors into one clear line.

    A UTF-8 byte-order mark (Windows Notepad's "UTF-8 with BOM") is skipped, as ``mem ingest`` and
    ``mem log import`` skip it: TOML has no BOM, so tomllib read it as an "invalid statement at line 1,
    column 1" the user could not see. A file that is not UTF-8 (one Latin-1 "é" in a comment) is refused
    with its line and byte instead of tomllib's ``UnicodeDecodeError``, which reached the user as an
    internal error without the file's name.
    """
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise InvalidInput(f"cannot read {path}: {exc.strerror}") from exc
    return parse_toml(path, data)


# Any: as read_toml, TOML of any shape.
def parse_toml(path: Path | str, data: bytes) -> dict[str, Any]:
    """``read_toml`` of bytes already read (``path`` names the file in the error)."""
    from mem.core.inputs import decode_utf8

    text = decode_utf8(data, path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidInput(f"{path}: invalid TOML: {exc}") from exc


def read_names_file(path: Path) -> list[str]:
    """The names of a names file (one a line; blank lines and ``#`` comments skipped); none when it is missing."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"cannot read the names file {path}: {getattr(exc, 'strerror', None) or exc}") from exc
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def find_workspace(start: Path) -> Path | None:
    """The nearest folder from ``start`` upward that holds ``mem.toml``."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / CONFIG_FILE).is_file():
            return folder
    return None


def check_workspace(folder: Path) -> None:
    """``NotFound`` (one line, the same for every command) unless ``folder`` holds ``mem.toml``.

    A folder that is not there was most often moved or renamed (under a running command too): "run mem
    init" there made a second, empty workspace beside the real one. The line says what to do in each case."""
    folder = Path(folder)
    if (folder / CONFIG_FILE).is_file():
        return
    if not folder.is_dir():
        raise NotFound(f"no workspace at {folder}: the folder does not exist (moved or renamed? pass --workspace "
                       f"with its new place; mem init {folder} makes a new one)")
    raise NotFound(f"no workspace at {folder}: no {CONFIG_FILE} in it (mem init {folder} makes one there, "
                   "or pass --workspace)")


@functools.lru_cache(maxsize=4)
def _parse_now(text: str) -> datetime:
    from mem.core.clock import parse_datetime

    try:
        return parse_datetime(text)
    except ValueError as exc:
        raise InvalidInput(f"MEM_NOW is not an ISO date or datetime: {text!r}") from exc


def env_now(env: Mapping[str, str] | None = None) -> datetime | None:
    """``MEM_NOW`` of ``env`` (the process environment by default) as an aware datetime, ``None`` when unset
    or empty; ``InvalidInput`` when it is no ISO date or datetime.

    ``mem.core.clock.now()`` asks this on every call that ``freeze`` has not answered, so a library user's
    ``MEM_NOW`` fixes the clock as the CLI's does (newuser32 #6); the parse is cached by the text, since
    the clock is read often and the setting rarely changes."""
    text = (os.environ if env is None else env).get("MEM_NOW")
    return _parse_now(text) if text else None


def default_home(env: Mapping[str, str]) -> Path:
    """``$XDG_DATA_HOME/mem`` (an absolute one; the XDG spec ignores a relative one), else
    ``<account folder>/.local/share/mem`` (``account_folder``)."""
    xdg = env.get("XDG_DATA_HOME") or ""
    if os.path.isabs(xdg):
        return Path(xdg) / "mem"
    return account_folder(env) / ".local" / "share" / "mem"


def account_folder(env: Mapping[str, str]) -> Path:
    """``$HOME``; when it is unset, empty or relative, the account's folder in the password database.

    An empty ``HOME`` (a cron job, a service unit) made Python's ``Path.home()`` answer ``/``, and customer
    memory went to ``/.local/share/mem``, where no later run looks (NEWUSER_REPORT16 #5)."""
    home = env.get("HOME") or ""
    if os.path.isabs(home):
        return Path(home)
    try:
        import pwd

        return Path(pwd.getpwuid(os.getuid()).pw_dir)
    except (ImportError, KeyError):
        return Path(os.path.expanduser("~"))


# homes given explicitly in this process (Config.load(home=…), that is --home): check_home leaves them alone,
# even one equal to the default path, which check_home could not tell from the default
_EXPLICIT_HOMES: set[Path] = set()


def check_home(home: Path, env: Mapping[str, str] | None = None) -> None:
    """``InvalidInput`` before anything is written under ``home`` when it is the default home (no ``MEM_HOME``,
    no ``XDG_DATA_HOME``) and the account folder it hangs from does not exist: ``HOME=/nonexistent`` (the
    usual home of a service account) made mem create ``/nonexistent/.local/share/mem/…`` and store customer
    memory there, where no run with the right ``HOME`` looks (NEWUSER_REPORT16 #5). A home given
    explicitly (``--home``, ``MEM_HOME``) is created as asked; an existing home is always used."""
    env = os.environ if env is None else env
    if env.get("MEM_HOME") or os.path.isabs(env.get("XDG_DATA_HOME") or ""):
        return
    home = Path(home)
    if home.expanduser().resolve() in _EXPLICIT_HOMES:  # --home names it: created as asked
        return
    if home.exists():
        return
    account = account_folder(env)
    if account.is_dir() or home != default_home(env).expanduser().resolve():
        return
    said = (f"the folder HOME names, {account}," if os.path.isabs(env.get("HOME") or "")
            else f"HOME is not set and this account's folder {account}")
    raise InvalidInput(f"{said} does not exist: mem would write customer memory under {home}, where no later "
                       "run looks; set MEM_HOME or pass --home DIR")


def render_template() -> str:
    """The commented ``mem.toml`` written by ``mem init``: every setting with its default."""
    lines = [
        "# mem workspace settings. Every setting is shown with its default; see docs/config.md.",
        "# Client-side sections (context, extract, trait, knowhow, ask's threshold) are shipped to clients in",
        "# the signed bundle, so changing them here changes client behaviour without an upgrade.",
        "# \"Movement N\" names one of the six ways knowledge moves between memories: docs/design.md.",
        "",
        "# The workspace format of this file (mem --version names the one each mem reads): a mem older than the",
        "# file names the settings it does not know in a warning and ignores them (docs/upgrading.md).",
        f"format = {WORKSPACE_FORMAT}",
    ]
    defaults = Config()
    for name in SECTIONS:
        section = getattr(defaults, name)
        # Every settings section is a documented dataclass (a test of docs/config.md relies on it).
        lines += ["", f"[{name}]", f"# {(type(section).__doc__ or '').strip()}"]
        for f in dataclasses.fields(section):
            allowed = allowed_range(f)
            lines.append(f"# {f.metadata['doc']}" + (f" ({allowed})" if allowed else ""))
            lines.append(f"{f.name} = {_toml_value(getattr(section, f.name))}")
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return "'" + value + "'" if "'" not in value and "\n" not in value else _basic_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def _basic_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
