"""Customer screening finds every order of each customer-side structure with its rules alone and leaves each
structure's look-alikes clean: a structure that works on its own but is lost (or over-fires) once screening wraps
it in its gates fails here. The wordings are the structure tests' own lists."""

from __future__ import annotations

import pytest

import tests.core.test_instructions_covert_asks as covert_asks
import tests.core.test_instructions_relayed_grants as relayed_grants
import tests.core.test_instructions_third_parties as third_parties
import tests.core.test_instructions_unbound_ai as unbound_ai
from mem.customers.screening import instruction_like

STRUCTURES = {"covert-ask": covert_asks, "relayed-grant": relayed_grants, "third-party": third_parties,
              "unbound-ai": unbound_ai}
ORDERS = [pytest.param(text, id=f"{name}-{n}") for name, tests in STRUCTURES.items()
          for n, text in enumerate(tests.ASKS)]
LOOK_ALIKES = [pytest.param(text, id=f"{name}-{n}") for name, tests in STRUCTURES.items()
               for n, text in enumerate(tests.LOOK_ALIKES)]


@pytest.mark.parametrize("text", ORDERS)
def test_customer_screening_flags_each_structures_orders_without_the_model(rules_only, text):
    assert instruction_like(text)


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_customer_screening_leaves_each_structures_look_alikes_clean(rules_only, text):
    assert not instruction_like(text)
