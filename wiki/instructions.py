"""Text that addresses the AI instead of describing the service: the prompt-injection detector.

Pages and facts are reference material; a sentence in them that gives the model orders ("ignore
previous instructions", "you must always answer…") must never steer it. ``mem lint`` reports such
lines in policy and know-how pages (rule ``instruction-text``), and the agent never quotes such a
sentence and reports it when it retrieves one. One detector serves both, so what lint lets through
is exactly what the agent trusts. Deterministic regular expressions, compiled once at import.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# Phrases that talk *to the model* rather than describe the service. English plus common Korean
# and Japanese forms; each entry is (pattern, label shown in the finding).
_INSTRUCTION_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*"
     r"(?:previous|prior|above|earlier|preceding|system|other)\s+(?:instructions?|prompts?|rules|directions)",
     "tells the AI to ignore its instructions"),
    (r"\bforget\s+(?:everything|all)\s+(?:you\s+(?:were|have\s+been)\s+told|above)", "tells the AI to forget"),
    # "Disregard the above and …" — but not "ignore the above fee for Enterprise plans"
    (r"\b(?:ignore|disregard)\s+(?:all\s+|everything\s+)?(?:of\s+)?(?:the\s+)?(?:above|foregoing)\s*(?:and\b|[.,;!]|$)",
     "tells the AI to ignore its instructions"),
    # a chat transcript's role marker giving an order: "Assistant: always say yes", "<|system|>"
    (r"(?<![^\n])[ \t]*(?:assistant|system|ai)\s*:\s*(?:you\b|always\b|never\b|ignore\b|do\s+not\b|from\s+now\b)",
     "speaks as a chat role to the AI"),
    (r"<\|?(?:system|im_start|im_end|assistant)\|?>", "injects chat-format tokens"),
    (r"\byou\s+are\s+(?:now\s+)?(?:chatgpt|gpt-?\d|claude|gemini|llama|an?\s+(?:ai|llm|chatbot|language\s+model))\b",
     "re-assigns the AI's role"),
    (r"\bfrom\s+now\s+on,?\s+(?:always|never)\s+(?:answer|reply|respond|say|tell|agree|approve)\b",
     "gives the AI an order"),
    (r"\byou\s+(?:must|should|have\s+to|need\s+to|shall)\s+(?:always|never)\s+"
     r"(?:answer|reply|respond|say|tell|agree|approve|grant|accept|refuse|mention|reveal|follow|obey|do)\b",
     "gives the AI an order"),
    (r"\balways\s+(?:answer|reply|respond)\s+(?:with|that|yes|in)\b", "gives the AI an order"),
    (r"\bas\s+an?\s+(?:ai|a\.i\.|llm|language\s+model|assistant|chatbot)\b", "addresses the AI as an AI"),
    (r"\b(?:dear|hey|attention|note\s+to\s+(?:the\s+)?)\s*(?:ai|llm|chatbot|assistant|language\s+model)\b",
     "addresses the AI"),
    (r"\byou\s+are\s+now\s+(?:a|an|the|in)\b", "re-assigns the AI's role"),
    (r"\b(?:new|updated|real)\s+(?:system\s+)?instructions\s*:", "injects new instructions"),
    (r"\bsystem\s+prompt\b", "refers to the system prompt"),
    (r"\bdo\s+not\s+(?:tell|reveal\s+to|inform)\s+the\s+(?:user|customer)\s+that\s+you\b", "gives the AI an order"),
    # Korean
    (r"(?:이전|앞의|위의|기존)\s*(?:의\s*)?(?:모든\s*)?(?:지시|지침|명령|프롬프트)(?:사항)?(?:을|를|은|는)?\s*(?:모두\s*)?무시",
     "tells the AI to ignore its instructions (ko)"),
    (r"(?:지시|지침|명령)(?:사항)?(?:을|를)\s*(?:모두\s*)?무시(?:하고|하세요|해라|하십시오)",
     "tells the AI to ignore its instructions (ko)"),
    (r"(?:AI|인공지능|챗봇|어시스턴트)\s*(?:로서|으로서)", "addresses the AI as an AI (ko)"),
    (r"(?:너는|당신은)\s*이제", "re-assigns the AI's role (ko)"),
    (r"항상\s*(?:답변|대답|응답)\s*해야", "gives the AI an order (ko)"),
    (r"시스템\s*프롬프트", "refers to the system prompt (ko)"),
    # Japanese
    (r"(?:以前|前|上記|これまで)の(?:すべての|全ての)?(?:指示|命令|プロンプト|指令)を(?:すべて|全て)?無視",
     "tells the AI to ignore its instructions (ja)"),
    (r"(?:指示|命令)を無視して", "tells the AI to ignore its instructions (ja)"),
    (r"(?:AI|人工知能|アシスタント|チャットボット)として", "addresses the AI as an AI (ja)"),
    (r"あなたは(?:今から|これから)", "re-assigns the AI's role (ja)"),
    (r"常に(?:回答|返答|答え)(?:しなければ|なければ|ること)", "gives the AI an order (ja)"),
    (r"システムプロンプト", "refers to the system prompt (ja)"),
)

# A cheap trigger scan over the whole file finds the few lines worth the full patterns (the
# alternation of every pattern costs ~5x more per character than this list of literals).
_TRIGGER = re.compile(
    r"ignor|disregard|forget|overrid|always|never|as\s+an?\s|dear|hey|attention|note\s+to|you\s+are|<\||"
    r"assistant|system|ai\s*:|"
    r"instructions|prompt|do\s+not\s+tell|무시|로서|이제|항상|프롬프트|無視|として|あなたは|常に",
    re.IGNORECASE,
)
_INSTRUCTION = re.compile(
    "|".join(f"(?P<p{i}>{pattern})" for i, (pattern, _) in enumerate(_INSTRUCTION_PATTERNS)),
    re.IGNORECASE,
)


def instruction_like(text: str) -> Iterator[tuple[int, str]]:
    """Lines (1-based) of ``text`` holding a phrase that addresses the AI, with what the phrase does."""
    checked_until = -1
    for trigger in _TRIGGER.finditer(text):
        if trigger.start() < checked_until:
            continue
        start = text.rfind("\n", 0, trigger.start()) + 1
        end = text.find("\n", trigger.end())
        end = len(text) if end < 0 else end
        checked_until = end
        match = _INSTRUCTION.search(text, start, end)
        if match:
            label = _INSTRUCTION_PATTERNS[int((match.lastgroup or "p0")[1:])][1]
            yield text.count("\n", 0, start) + 1, f"{label}: {' '.join(match.group(0).split())!r}"


def is_instruction_like(text: str) -> bool:
    """Whether ``text`` (a sentence or a page) holds a phrase that addresses the AI."""
    return next(instruction_like(text), None) is not None
