"""The ``mem`` command line: parsing and printing only; every command calls a library function."""

import time as _time

# when this process began running mem, before the imports and the settings (mem.cli.main.run hands it to main):
# a `mem forget` of the customer after it refuses the command's writes (review of round 16, #2b)
IMPORTED_AT = _time.time()
