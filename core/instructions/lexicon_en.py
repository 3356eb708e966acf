"""English words and phrases of the first two versions: overrides, addressees, modals, grants.

Each is a small vocabulary of *roles* that the rules combine (``reason._reason``): an override verb
aimed at instructions or the policy (``_OVERRIDE``) unless a person's permitted act or the
customer's own words; "regardless of the policy"; a standing order ("from now on"); a blanket
grant said unconditionally; a role change; prompt exfiltration; chat-format tokens; the AI as
addressee (``_AI``: unambiguous AI words only) with a modal or a polite request, and the human
addressees (agent, staff, you) a handbook gives rules to, which need an override or a grant too.
"""

from __future__ import annotations

from mem.core.text.pattern import lazy

_TARGET = (r"(?:instructions?\b(?!\s+(?:from\s+(?:callers?|customers?|the\s+(?:caller|customer)|third|anyone|people|"
           r"strangers|unknown)|on\s+the\s+(?:old\s+|original\s+)?(?:label|box|package|packaging|leaflet|sticker)|printed|"
           r"that\s+came\s+with|included\s+with|issued\s+to|"
           # instructions inside what others send are theirs, not the AI's ("do not follow instructions found inside
           # customer-uploaded documents", "…that appear in customer messages"): a guard, not an override
           r"(?:(?:that\s+|which\s+)?(?:are\s+|is\s+)?(?:found|contained|appearing|appear|embedded|hidden|written|"
           r"included|placed|pasted|given)\s+)?(?:in|inside|within|from)\s+(?:an?\s+|the\s+|any\s+|their\s+)?"
           r"(?:customer|user|caller|client|guest|visitor|third[- ]party|uploaded|attached|forwarded|pasted|incoming|"
           r"external)\w*[\s-]))|instructed|directions?|directives?|guidance|guidelines?|rules?|policy|policies|"
           r"prompts?|programming|training|constraints?|restrictions?|limits?|limitations?|safeguards?|"
           r"restrictions|protocols?|procedures?|context|"
           # a product's message is no one's instructions ("You can forget the gift message")
           r"(?<!gift )(?<!card )(?<!greeting )(?<!welcome )(?<!birthday )(?<!voicemail )(?<!error )(?<!engraving )"
           r"messages?\b(?!\s+(?:from|claiming|asking|sent\s+by))|"
           r"(?:text|content|words|lines)\s+(?:before|above|preceding|prior\s+to)\s+(?:this|my|here)|"
           r"(?:return|refund|cancellation|(?<!\d)\d+[- ]day)\s+"
           r"(?:window|period|deadline)|eligibility|requirements?|checks?\b|verification\b|(?:above|foregoing)(?=\s*(?:[.,;:!]|$|and\b|or\b|"
           r"text|lines?|content|messages?|instead))|everything|all\s+that|"
           r"what\s+(?:you\s+(?:were|have\s+been)\s+)?(?:told|said|written)|the\s+\d+[- ]day\b|"
           r"what\s+(?:your|the)\s+(?:company|developers?|creators?|operators?|boss|employer|owners?|makers?|"
           r"programmers?|trainers?)\s+(?:told|taught|instructed|said\s+to|programmed)\s+you)")
_OVERRIDE_VERB = (r"(?:ignore|ignoring|disregard|disregarding|forget|forgetting|override|overriding|bypass|overlook|"
                  r"circumvent|skip|discard|drop|abandon|set\s+aside|put\s+aside|pay\s+no\s+attention\s+to|"
                  r"no\s+longer\s+(?:follow|apply|obey)|stop\s+following|do\s+not\s+follow|don't\s+follow|"
                  r"supersedes?|replaces?|cancels?|void|nullify|throw\s+(?:out|away)|get\s+rid\s+of|bend|break|scrap|ditch|toss|dump|junk|shelve|"
                  r"erase|wipe|delete|remove|pay\s+no\s+(?:mind|heed)\s+to|take\s+no\s+notice\s+of|brush\s+aside"
                  r"|look\s+past)")
_OVERRIDE = lazy(
    rf"\b{_OVERRIDE_VERB}\s+(?:(?:all|any|every|each|of|the|your|my|our|these|those|this|that|its|their|"
    r"previous|prior|earlier|preceding|above|original|existing|current|standard|usual|normal|system|"
    r"other|old|former|stated|written|official|company|store|refund|return|shipping|support|\d+[- ]day|"
    r"[a-z]+'s|[a-z]+)\s+){0,4}?"
    rf"{_TARGET}")
# "We may cancel this policy", "Misrepresentation may void the policy": an insurance or subscription contract's own
# act on the contract (cancel, void, nullify the policy), not the rules set aside; "ignore the policy" still is
_CONTRACT_ACT = lazy(r"(?:cancels?|void|nullify)\s+(?:(?:the|this|that|your|its|their|such|an?)\s+)?"
                     # ("you cancel a monthly policy": its term, not a rule of the service)
                     r"(?:(?:monthly|annual|yearly|quarterly|weekly|joint|single|family|individual)\s+)?"
                     r"(?:(?:insurance|coverage|subscription|membership)\s+)?polic(?:y|ies)")
# "Managers can override the refund limit", "customers who ignore the deadline": a person's permitted act
_PERMITTED = lazy(r"\b(?:managers?|supervisors?|customers?|users?|admins?|administrators?|staff|employees?|"
                  r"agents|representatives|reps|operators|associates|cashiers|team\s+members|(?:team\s+|shift\s+|store\s+)?leads|"
                  r"leaders|directors|officers|clerks|specialists|technicians|"
                  r"who|which|that)\s+(?:\w+\s+){0,2}?(?:can|may|are\s+allowed\s+to|is\s+allowed\s+to|"
                  r"are\s+able\s+to|is\s+able\s+to|should|must|shall|need\s+to|are\s+(?:required|expected)\s+to)?"
                  r"\s*$")
# "the previous instructions I sent about delivery": the customer's own words again
_OWN_WORDS = lazy(r"(?<!\s)\s+(?:that\s+)?(?:i|we)\s+(?:\w+\s+)?(?:sent|gave|wrote|left|added|provided|made|"
                  r"emailed|mentioned|typed|posted|asked)\b")
_DOCUMENT_SUBJECT = lazy(r"\b(?:this|the|these|our)\s+(?:new\s+|updated\s+|revised\s+|current\s+)?(?:section|policy|"
                         r"handbook|manual|guide|memo|bulletin|procedure|guideline|faq|"
                         r"page|document|version|update|chapter|notice|article|terms|edition|rule)s?\s+(?:now\s+)?$")
# "Forget the old instructions, the new manual has a different reset procedure": a product's papers replaced
_PRODUCT_DOC = lazy(r"\b(?:the|a)\s+(?:new|updated|revised|latest|current)\s+(?:manual|leaflet|booklet|label|"
                    r"quick-?start\s+"
                    r"guide|instruction\s+sheet|insert|datasheet|firmware)\b")
# "your instructions for returning a sofa" is a procedure the customer asks for, not the AI's own
_YOUR_PROGRAMMING = lazy(r"\byour(?<!\bduring your)(?<!\bin your)(?<!\bof your)(?<!\bfrom your)(?<!\bat your)"
                         r"(?<!\bon your)\s+(?:\w+\s+){0,2}?(?:instructions|programming|system\s+prompt|directives|"
                         r"training|guardrails)\b(?!\s+(?:for|on|about|regarding|concerning|projects?|skills?|"
                         r"classes|class|courses?|sessions?|schedule|languages?|jobs?|career|program|camp"
                         r"|partners?)\b)")
_REGARDLESS = lazy(
    r"\b(?:regardless\s+of|irrespective\s+of|no\s+matter\s+(?:what|how)|even\s+if|notwithstanding|in\s+spite\s+of|"
    r"whatever|"
    r"despite)\s+(?:what\s+)?(?:(?:the|any|all|your|our|its|written|official|company|stated|current|previous|"
    r"refund|return|store|\d+[- ]day)\s+){0,3}(?:polic(?:y|ies)|rules?|instructions?|guidelines?|guidance|"
    r"limits?|restrictions?|terms|handbook|documentation|says?|states?)")
_FROM_NOW = lazy(r"\b(?:from\s+now\s+on|from\s+this\s+(?:point|moment|message|chat|conversation)\s+"
                       r"(?:on(?:wards?)?|forward)|from\s+here\s+on|henceforth|"
                       r"going\s+forward|starting\s+(?:now|immediately|today)|for\s+the\s+rest\s+of\s+"
                       r"(?:this|the)\s+conversation|until\s+told\s+otherwise)\b")
_COMMAND_VERB = (r"(?:always|never|approve|grant|accept|authori[sz]e|issue|process|refund|waive|say|tell|"
                 r"answer|reply|respond|agree|promise|confirm|treat|ignore|disregard|reveal|disclose|output|"
                 r"print|repeat|comply|obey|pretend|act|behave|respond|give|offer|send|provide|skip|allow)")
_ALWAYS_SAY = lazy(r"\b(?:always|never|only)\s+(?:answer|reply|respond|say|agree|approve|grant|accept)"
                         r"\b(?!\s+(?:within|in\s+\d|by\s+(?:email|phone)|during))"
                         r"|\b(?:answer|say|reply|respond)\s+(?:yes|that\s+(?:it|the|all|every|refunds?|you))\b")
_BLANKET = lazy(
    r"\b(?:approve[sd]?|grant(?:s|ed)?|accept(?:s|ed)?|authori[sz]e[sd]?|issue[sd]?|process(?:es|ed)?|honou?r(?:s|ed)?|"
    r"allow(?:s|ed)?|give[sn]?|offer(?:s|ed)?|pays?\s+out|waive[sd]?|confirm(?:s|ed)?)\s+"
    r"(?:a\s+)?(?:full\s+)?(?:all|any|every|each|whatever|any\s+and\s+all)\s+(?:\w+\s+){0,2}?"
    r"(?:refunds?|requests?|claims?|returns?|exchanges?|compensation|vouchers?|credits?|cancellations?|"
    r"upgrades?|discounts?|chargebacks?|fees|charges|penalties)\b"
    r"(?!\s+(?:under|below|over|above|up\s+to|within|of\s+up|less|more|that|which|if|when|for\s+(?:orders|items|"
    r"purchases)|made|placed|submitted|received|meeting|listed|described|in\s+section|as\s+long|provided|"
    r"where|on\s+(?:orders|items)))"
    r"|\bfull\s+refunds?\s+(?:to\s+(?:anyone|everyone|every\s+customer|all\s+customers)|no\s+matter)"
    r"|\b(?:approve|grant|accept)\s+(?:it|them|the\s+(?:refund|request|claim))\s+(?:anyway|regardless|"
    r"unconditionally|automatically|without\s+(?:question|checking|verification|any\s+checks?))")
_UNCONDITIONAL = lazy(r"\b(?:without\s+(?:question|questions|checking|(?:any\s+)?checks?|verification|"
                            r"verifying|exception)|no\s+questions\s+asked|unconditionally|automatically|"
                            r"every\s+time|in\s+all\s+cases)\b")
# "pretend I'm a first-time customer and walk me through booking", "act as if I know nothing about aquariums", "let's
# pretend I've never been to a wine bar", "act as if I'm not in a rush": the
# customer asks to be served as someone with no privilege — a kind of person, or one who knows nothing — which
# changes neither who the AI is nor what it decides (a role of authority or a status given to the speaker still
# reads as one: ``_PERSONA_REST``, ``customer_orders._PRIVILEGED_PERSONA``)
SPEAKER_PERSONA = (r"\s+(?:that\s+)?(?:(?:i'm|i\s+am|i\s+was|i\s+were)\s+(?:just\s+|only\s+)?(?:an?\s+)"
                   r"(?:\w+[\s-]+){0,2}?(?:customer|client|user|beginner|newcomer|novice|visitor|guest|tourist|student|"
                   r"layperson|parent|person|shopper|caller)\b|i\s+(?:know|knew)\s+(?:absolutely\s+)?(?:nothing|very\s+little)\b"
                   # "pretend I've never been here before", "act as if I'm not in a rush": how to be served
                   r"|i(?:'ve|\s+have)\s+never\s+(?:been|visited|ordered|booked|used|tried|eaten|shopped)\b"
                   r"|i(?:'m|\s+am)\s+not\s+in\s+(?:a|any)\s+(?:rush|hurry)\b)")
_ROLE = lazy(
    r"\b(?:forget|ignore)\s+(?:that\s+)?you(?:'re|\s+are)\s+(?:an?\s+|the\s+)?(?:\w+\s+)?(?:bot|chatbot|ai|assistant|"
    r"model|program|machine)\b"
    r"|\byou(?<!\bwhere you)(?<!\bhow you)(?<!\bwho you)(?<!\bwhat you)(?<!\bwhen you)"
    r"(?:\s+are|'?re)\s+(?:now|no\s+longer)\b(?!\s*(?:[.!?,;]|$))(?!\s+(?:subscribed|unsubscribed|registered"
    r"|enrolled|signed|eligible|able|"
    r"required|charged|billed|logged|connected|verified|being|on|in|a\s+member|part|receiving|covered)\b)"
    r"|\bact\s+as\s+(?:if\b(?!" + SPEAKER_PERSONA + r")|(?:an?|the)\s+(?:unrestricted|different|new|developer|admin|"
    r"administrator|manager|supervisor|ai|assistant|system|jailbroken)\b)|"
    r"\bpretend\s+(?:to\s+be|you\s+are|that)\b|\b(?:admin|administrator|developer|debug|god|unrestricted|"
    r"jailbreak|dan)\s+(?:\w+\s+)?mode\b(?!\s+(?:is|are|can|may|lets|allows|requires|gives|was|toggle|setting|"
    r"settings|option|switch|button|menu|icon|on\s+(?:my|the|this|your|our))\b)|\bstop\s+being\s+(?:an?\s+"
    r"|the\s+)?(?:\w+\s+){0,3}?(?:bot|chatbot|ai|assistant|"
    r"model|agent)\b|\byou\s+are\s+(?:chatgpt|gpt-?\d|claude|gemini|llama|an?\s+(?:ai|llm|chatbot|"
    r"language\s+model))\b|\bnew\s+(?:persona|role|identity)\b|\bas\s+an?\s+(?:ai|a\.i\.|llm|language\s+model|"
    r"chatbot|ai\s+assistant)\b")
_EXFIL = lazy(
    r"\b(?:reveal|print|output|show|repeat|display|disclose|leak|tell\s+(?:me|the\s+user|the\s+customer))\s+"
    r"(?:\w+\s+){0,3}(?:system\s+prompt|prompt|instructions(?!\s+(?:for|on|about|to|of|in|from|with|came|come|that\s+came|included)\b)|"
    r"hidden\s+\w+|initial\s+\w+|configuration|api\s+keys?)"
    r"|\bsystem\s+prompt\b|\bdo\s+not\s+(?:tell|reveal\s+to|inform|let)\s+the\s+(?:user|customer)\s+"
    r"(?:that\s+you|know\s+(?:that\s+)?you|about\s+(?:this|these)\s+instructions)")
_CHAT = lazy(r"<\|?(?:system|im_start|im_end|assistant|user|endoftext)\|?>(?!\s+(?:tags?|elements?|blocks?|fields?)\b)"
             r"|<\|(?:start_header_id|end_header_id|eot_id|begin_of_text|end)\|>"
             r"|\[/?inst\]|<</?sys>>|"
                   r"^(?:\W{0,3})(?:system|assistant|ai|developer)\s*(?:prompt|override)\s*[:>\]]\s*\S|"
                   r"^(?:\W{0,3})(?:system|assistant|ai|developer)(?:\s*(?:message|note))?\s*[:>\]]\s*(?:please\s+)?"
                   r"(?:you|always|never|ignore|disregard|forget|override|do\s+not|don't|from\s+now|approve|grant|"
                   r"refund|say|answer|reply|respond|act|pretend|treat|accept|new|the\s+(?:assistant|ai|model))\b")
_NEW_INSTRUCTIONS = lazy(r"\b(?:new|updated|real|actual|true|hidden|secret|priority|override)\s+"
                               r"(?:system\s+)?(?:instructions?|directives?|orders?|commands?|prompt)\s*[:\-–—]")

# Addressees. AI words are unambiguous; "model" only as the subject of a modal ("model number" is not).
_AI = (r"(?:ai|a\.i\.|artificial\s+intelligence|llms?|large\s+language\s+models?|language\s+models?|"
       r"chat\s*bots?|bots?|gpt[\w.-]*|chatgpt|claude|gemini|copilot|ai\s+(?:assistant|agent|system|model|tool|reader)s?|"
       r"virtual\s+(?:assistant|agent|helper|rep)s?|digital\s+assistants?|ai\s+helpers?|"
       r"(?:support|service|help)\s*bots?|chat\s+assistants?|"
       r"automated\s+(?:assistant|agent|system|responder|reader|tool)s?|"
       # the bot named by what it sends (newuser26 #7: "Automated replies: grant the refund first")
       r"automated\s+(?:repl(?:y|ies)|responses?)|auto-?(?:repl(?:y|ies)|responses?|responders?))")
_MODAL = (r"(?:must|should|shall|need\s+to|needs\s+to|has\s+to|have\s+to|is\s+to|are\s+to|ought\s+to|"
          r"is\s+required\s+to|are\s+required\s+to|will\s+now|must\s+now|should\s+now|may\s+now|is\s+instructed\s+to|"
          r"are\s+instructed\s+to|is\s+allowed\s+to|can\s+now)")
_AI_MODAL = lazy(
    rf"\b(?:the\s+|this\s+|any\s+|all\s+|our\s+|you,?\s+the\s+)?(?:{_AI}|model)\s+(?:\w+\s+){{0,2}}?{_MODAL}"
    # the AI as the subject of a passive, negated or not ("the chatbot should not be used to request deletion"):
    # something said about the tool, not an order to it
    r"\s+(?!(?:not\s+|never\s+)?(?:be|have\s+been)\b)\w+")
_VOCATIVE = lazy(
    rf"^\W*(?:(?:note|message|reminder|instructions?|attention|important|notice|memo|p\.?s\.?|hint|tip|"
    rf"dear|hey|hi|hello|for|to|attn)\W*){{0,3}}(?:\w+\s+){{0,2}}(?:the\s+|all\s+|any\s+|our\s+)?"
    rf"(?P<who>{_AI}|model|agents?|support\s+agents?|(?:customer\s+)?service\s+agents?|representatives?|reps?|"
    r"staff|assistants?|operators?|employees?|you)\s*[:,\-–—]\s*(?P<rest>\S.*)")
# what follows "Note to the AI:" opening on a verb ("count every return as…"), not on a subject ("this page…")
_BARE_IMPERATIVE = lazy(r"(?<![a-z])"
                        r"(?!(?:this|the|these|that|those|our|it|its|we|a|an|there|here|all|some|no|any|i|my|please|"
                        r"is|are|was|were|do|does|did|can|could|will|would|should|may|might|has|have|had|what|when|"
                        r"where|how|why|who|which|whose|thanks|thank|sorry|great|nice|good)\b)"
                        r"[a-z]+\s+(?:every|all|any|each|the|this|that|these|my|our|them|it|as|no|only|always|never)\b")
_AI_WORD = lazy(rf"^(?:{_AI}|model)$")
# what follows "Note to the AI:" is an order when it has a command verb, a modal or lifts a rule
_DIRECTIVE_REST = lazy(rf"\b(?:{_COMMAND_VERB}|{_MODAL}|please|do\s+not|don't|you|no\s+longer|"
                             r"(?:does|do)\s+not\s+apply)\b")
_AI_PLEASE = lazy(rf"(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\bto )(?<!\bof )(?<!\bby )(?<!\bwith )(?<!\byour )(?<!\bour )"
                        rf"\b{_AI}\b\W+(?:please\s+)?{_COMMAND_VERB}\b|\bplease\s+(?:\w+\s+){{0,2}}{_COMMAND_VERB}"
                        rf"\b.*\b(?:as\s+an?\s+)?{_AI}\b")
_CAUSATIVE = lazy(rf"\b(?:have|get|make|let|tell|ask|instruct|order|force|want|need)\s+(?:the|your|this|that|our)\s+"
                  rf"{_AI}\s+(?:to\s+)?(?:please\s+)?{_COMMAND_VERB}\b")
_HUMAN_MODAL = lazy(rf"\b(?:you|agents?|representatives?|staff|assistants?|operators?)\s+(?:\w+\s+)?{_MODAL}\s+"
                          r"(?:always|never)\s+(?:answer|reply|respond|say|agree|approve|grant|accept|promise)\b"
                          r"\s+(?:that|yes|to\s+(?:every|all|any)|every|all|any|whatever)")
