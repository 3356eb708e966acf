"""Postal addresses in text (en / ko / ja): found to be removed before a decision leaves the client.

Two levels. ``ADDRESS`` finds an address by its layout — what makes it one in each language, never a
list of places: a house number before a street word (``221B Baker Street``, ``1600 Pennsylvania
Avenue NW``), a street word before a number (``Hauptstraße 12``), a flat or suite (``Apt 4C``), a UK
or US postcode; Korean administrative levels (…시/…도, …구/…군, …읍/…면) before a road (…로/…길)
or a neighbourhood (…동/…리/…가) and its number, with the building, 동 and 호 after it
(``서울시 마포구 월드컵로 12, 301동 1502호``), a lot number (…번지), an apartment's 동 and 호; Japanese
postcodes (〒), a prefecture or a city, ward, town or village (…都/…道/…府/…県, …市/…区/…町/…村/…郡)
followed by a block number (``1-2-3``, ``3丁目1番3号``), with the building and room after it
(``サクラハイツ202号室``). ``doubtful`` is looser: a trace of an address that ``ADDRESS`` may have cut
short or missed (a room number, 丁目/番地, 번지/번길, a block number after a prefecture, a street word
after a house number), for the anonymiser's "when in doubt, drop the sentence".

Both read text folded by ``mem.core.text.personal.fold`` (full-width digits and dashes as ASCII).
"""

from __future__ import annotations

from mem.core.text.cjk import HAN, HANGUL_SYLLABLES, KATAKANA
from mem.core.text.pattern import lazy

_KO = HANGUL_SYLLABLES
# --- English and other Latin-script layouts ---
_CAP = r"[A-ZÀ-ÖØ-Þ][A-Za-zÀ-ÖØ-öø-ÿ'’.-]*"
_STREET = (r"(?:Street|St|Road|Rd|Avenue|Ave|Av|Lane|Ln|Boulevard|Blvd|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Ter|"
           r"Parkway|Pkwy|Highway|Hwy|Square|Sq|Crescent|Cres|Close|Row|Alley|Circle|Cir|Trail|Walk|Gardens|Mews|"
           r"Hill|Grove|Park)")
_UNIT = r"(?i:apt|apartment|suite|ste|unit|flat|room|rm)\.?\s*#?\s*\d+[A-Za-z]?"
_POSTCODE_UK = r"[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}"
_POSTCODE_US = r"[A-Z]{2}\s+\d{5}(?:-\d{4})?"
# a town after the street: a whole word, so "London" before "NW1 6XE" leaves the postcode whole
_CITY = rf"{_CAP}\b(?![0-9])"
# a continental postcode and the town after a street: "…, 75002 Paris", "… 5, D-10115 Berlin" (the town alone
# stayed beside "[address]": newuser27 #2)
_TOWN = r"[A-ZÀ-ÖØ-Þ][A-Za-zÀ-ÖØ-öø-ÿ'’-]*"
_POST_TOWN = rf"(?:,?[ ]{{1,3}}(?:[A-Z]{{1,2}}-)?\d{{4,5}}[ ]{{1,3}}{_TOWN}(?:[ -]{_TOWN})?)"
_AFTER_PLACE_WORD = r"(?:(?<=\bin )|(?<=\bto )|(?<=\bat )|(?<=\bnear )|(?<=\bfrom )|(?<=\bnach ))"
_NOT_TOWN = (r"(?:The|A|An|Our|Your|My|This|That|We|I|It|Model|Version|Gate|Room|Order|Plan|Q[1-4]|Monday|Tuesday|"
             r"Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|"
             r"September|October|November|December)\b")
_EN = (
    # [Apt 4C, ]1600 Pennsylvania Avenue NW[, Apt 4][, Washington DC 20500]
    rf"(?:{_UNIT},?\s+)?\b\d+[A-Za-z]?(?:-\d+)?\s+(?:{_CAP}\s+){{1,3}}{_STREET}\b\.?(?:\s+[NS][EW]?\b)?"
    rf"(?:,?\s+{_UNIT})?(?:,\s*{_CITY}(?:\s+{_CITY})?)?(?:,?\s+(?:{_POSTCODE_US}|{_POSTCODE_UK}|\d{{4,5}}))?"
    # Hauptstraße 12, Via Roma 5, Rue de la Paix 8 (street word first, number after)
    rf"|\b(?:{_CAP})?(?:straße|strasse|str\.|gasse|weg|platz|allee)\s*\d+[a-z]?\b{_POST_TOWN}?"
    # Mariahilfer Straße 88, Kärntner Ring 3 (the street word on its own, after a capitalised name)
    rf"|\b{_CAP}[ ](?:Straße|Strasse|Gasse|Weg|Platz|Allee|Ring|Gürtel|Kai|Quai)[ ]\d+[a-z]?\b{_POST_TOWN}?"
    # a four- or five-digit postcode beside its town after "in", "to", "at"… with no street ("to 2100 København",
    # "in Basel 4051"): the review of round 27 found Swiss and Austrian four-digit postcodes left
    rf"|{_AFTER_PLACE_WORD}(?!{_NOT_TOWN})(?:(?:[A-Z]{{1,2}}-)?\d{{4,5}}[ ]{{1,3}}(?!{_NOT_TOWN}){_TOWN}\b"
    rf"|{_TOWN}[ ]{{1,3}}\d{{4,5}}(?![\d.,:/-]?\d)(?!-)"
    rf"(?![ ]?(?:%|(?i:kr|eur|usd|chf|gbp|dkk|sek|nok|points?|credits?|items?|units?|pcs|km|m|kg|g)\b)))"
    rf"|\b(?:Rue|Via|Viale|Calle|Avenida|Rua|Carrer|Piazza|Plaza)\s+(?:[\w'’-]+\s+){{0,3}}?\d+[a-z]?\b"
    rf"{_POST_TOWN}?"
    # 17 rue de la Paix, 12 bis avenue Victor Hugo, 3 place du Marché (France, Belgium, Quebec: the number first
    # and the street word in lower case), up to the comma, then the postcode and the town (newuser27 #2)
    # the word after the street word is a name or a French article ("2 square metres," is no street)
    rf"|\b\d+(?:[ ]?(?:bis|ter|[A-Za-z]))?,?[ ]{{1,3}}(?i:rue|avenue|boulevard|bd|place|chemin|allée|allee|impasse|"
    rf"quai|cours|route|square|passage|chaussée)[ ]{{1,3}}(?:(?:de|du|des|la|le|les)\b|[dl]['’]|[A-ZÀ-Þ])"
    rf"[\w'’-]*(?:[ ]{{1,3}}[\w'’-]+){{0,4}}?(?=[ ]{{0,3}}(?:,|\d{{4,5}}\b|$|\.))"
    rf"{_POST_TOWN}?"
    rf"|\b{_UNIT}\b|\b{_POSTCODE_UK}\b|\b(?i:p\.?\s?o\.?\s+box)\s+\d+"
)
# --- Korean ---
_KO_REGION = (r"(?:서울|부산|대구|인천|광주|대전|울산|세종|제주)(?:특별시|광역시|특별자치시|특별자치도|시|도)?"
              rf"|[{_KO}]{{1,4}}(?:특별시|광역시|특별자치시|특별자치도)"
              r"|(?:경기|강원|충청[남북]|전라[남북]|경상[남북]|충[남북]|전[남북]|경[남북])(?:특별자치도|도)?")
_KO_ADMIN = rf"[{_KO}]{{1,5}}(?:시|군|구|읍|면)"
# a road name never ends in the particle 으로 ("교환으로 2")
_KO_ROAD = rf"[{_KO}0-9]{{0,11}}[{_KO}0-9](?<!으)(?:대로|로|길)(?:\s?\d+(?:번길|번가길|가길|길))?"
_KO_AREA = rf"[{_KO}0-9]{{1,8}}(?:동|리|가)"
# the number is not a quantity ("카드로 3개월", "2일")
_KO_NUMBER = (r"\d+(?:-\d+)?(?:\s?번지)?"
              r"(?![0-9]|\s?(?:개월|개|원|만|천|일|%|회|년|월|주|시간|분|배|명|권|장|번째|차|세|살|점|건|kg|g\b))")
_KO_DETAIL = (rf"(?:\s*,?\s*(?:[{_KO}A-Za-z]{{1,15}}\s?)?(?:\d+동\s?)?\d+호(?:실)?"
              rf"|\s*,?\s*\d+층|\s*\([{_KO}0-9,\s]{{1,20}}\))*")
_KO_ADDRESS = (
    # the look-ahead for a digit: see _JA_ADDRESS
    rf"(?=[^\d\n.]{{0,40}}\d)(?:(?:{_KO_REGION})\s*(?:{_KO_ADMIN}\s*){{0,3}}|(?:{_KO_ADMIN}\s*){{1,3}})(?:{_KO_ROAD}|{_KO_AREA})\s?{_KO_NUMBER}"
    rf"{_KO_DETAIL}"
    rf"|(?<!\d)\d+동\s?\d+호(?:실)?|(?<!\d)\d+(?:-\d+)?\s?번지"
)
# --- Japanese ---
_JA_PREF = rf"(?:東京都|北海道|(?:大阪|京都)府|[{HAN}]{{2,3}}県)"
_JA_PLACE = rf"[{HAN}{KATAKANA}ヶケの々]"
# the parts of a block joined by ノ as well ("2ノ5ノ7", "三ノ八": a common way of writing 2-5-7)
_JA_BLOCK = r"\d+(?:(?:丁目|番地|番|号|-|ノ)\d+)+(?:号|番地?)?|\d+丁目(?:\d+番地?)?|\d+番地"
# the block number in kanji numerals (梅田三丁目一番一号, 二丁目十五番地): newuser27 #2
_KANJI_DIGIT = "一二三四五六七八九十〇"
_JA_BLOCK_KANJI = (rf"[{_KANJI_DIGIT}]{{1,4}}丁目(?:[{_KANJI_DIGIT}]{{1,4}}番地?(?:[{_KANJI_DIGIT}]{{1,4}}号)?"
                   rf"|[{_KANJI_DIGIT}]{{1,4}}(?:ノ[{_KANJI_DIGIT}]{{1,4}}){{1,2}}|\d+(?:[-ノ]\d+){{1,2}})?")
_JA_ROOM = rf"(?:[ \u3000]?[{HAN}{KATAKANA}A-Za-z・ー-]{{0,20}}?\d+(?:号室|号|階|F))"
# A run of place characters holding a city, ward, town or village (or after a prefecture), then a
# block number. The look-ahead for a digit keeps a long run of kanji with none from being tried at
# every position (a page of 区区区… took seconds).
_JA_ADDRESS = (
    rf"〒\s?\d{{3}}-?\d{{4}}"
    rf"|(?=[^\d\n。、]{{0,30}}\d)"
    rf"(?:{_JA_PREF}[ \u3000]?{_JA_PLACE}{{0,16}}|{_JA_PLACE}{{0,14}}[市区町村郡]{_JA_PLACE}{{0,10}})"
    rf"(?:{_JA_BLOCK}){_JA_ROOM}?"
    # the same with a block in kanji numerals: the look-ahead for 丁目 does the work of the one for a digit
    rf"|(?=[^\d\n。、]{{0,30}}丁目)"
    rf"(?:{_JA_PREF}[ \u3000]?{_JA_PLACE}{{0,16}}?|{_JA_PLACE}{{0,14}}[市区町村郡]{_JA_PLACE}{{0,10}}?)"
    rf"(?:{_JA_BLOCK_KANJI}){_JA_ROOM}?"
    rf"|(?<!\d)\d+号室"
)
ADDRESS = lazy(rf"{_EN}|{_KO_ADDRESS}|{_JA_ADDRESS}")

DOUBTFUL = lazy(
    rf"〒|(?<!\d)\d+\s?(?:号室|丁目|番地)|[{_KANJI_DIGIT}]丁目|{_JA_PREF}[^。.!?！？\n]{{0,20}}?\d+-\d+"
    # a block number of three parts (みずき台3-14-7); a date has four digits first, a phone more digits
    rf"|(?<![0-9-])\d{{1,3}}-\d{{1,3}}-\d{{1,3}}(?![0-9-])"
    rf"|(?<!\d)\d+\s?(?:번지|번길)|(?<!\d)\d+동\s?\d+호|(?<![제0-9])\d{{3,4}}호(?!선|점|차|기|[0-9])"
    rf"|(?:{_KO_REGION}|{_KO_ADMIN})\s*{_KO_ROAD}\s?{_KO_NUMBER}"
    # a postcode and a town after a comma ("…, 10115 Berlin"), whatever the street before it looked like
    # (five digits, or the anonymiser's "[number]" left where they were: "1000 Credits" is no postcode)
    rf"|,[ ]{{1,3}}(?:(?:[A-Z]{{1,2}}-)?\d{{5}}|\[number\])[ ]{{1,3}}{_TOWN}\b"
    rf"|\b\d+[A-Za-z]?\s+(?:\w+\s+){{1,3}}{_STREET}\b|\b{_UNIT}\b|\b{_POSTCODE_UK}\b|\b{_POSTCODE_US}\b"
)


__all__ = ["ADDRESS", "DOUBTFUL"]
