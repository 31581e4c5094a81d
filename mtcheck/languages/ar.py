"""Modern Standard Arabic. Negation follows Ryding, *A Reference Grammar of Modern Standard
Arabic* (2005), ch. 39: لا before an imperfect (present) verb, لم + jussive for the past,
لن + subjunctive for the future, ليس for nominal sentences, غير before adjectives. Degree
words: Badawi, Carter & Gully, *Modern Written Arabic* (2nd ed., 2016). ما is left out: it is
also the relative and interrogative "what"."""
from mtcheck.languages import Language

LANGUAGE = Language(
    code="ar",
    name="Arabic",
    negators=frozenset({"لا", "لم", "لن", "ليس", "ليست", "لست", "غير", "بدون", "أبدا", "أبداً"}),
    negation_adverbs=frozenset({"لا", "لم", "لن", "ليس", "ليست", "غير"}),
    negative_swaps={},
    negator="لا",
    negator_after_verb=False,
    finite_verbs=frozenset({
        "أحب", "يحب", "تحب", "نحب", "يحبون", "أعجبني", "يعجبني", "تعجبني", "أنصح", "ينصح", "يعمل", "تعمل",
        "يساعد", "تساعد", "أعرف", "يعرف", "أفهم", "يفهم", "أريد", "يريد", "يبدو", "تبدو",
    }),
    intensifiers=frozenset({"جدا", "جداً", "للغاية", "حقا", "حقاً", "تماما", "تماماً", "كثيرا", "كثيراً"}),
    downtoner="قليلا",
    downtoners=frozenset({"قليلا", "قليلاً", "تقريبا", "تقريباً", "بالكاد"}),
    connectives=frozenset({"لكن", "ولكن", "أو", "لأن", "بينما", "إذا", "عندما", "بل"}),
    opposite_pairs=(
        ("جيد", "سيئ"), ("جيدة", "سيئة"), ("ممتاز", "رديء"), ("ممتازة", "رديئة"), ("رائع", "فظيع"),
        ("رائعة", "فظيعة"), ("جميل", "قبيح"), ("جميلة", "قبيحة"), ("سعيد", "حزين"), ("سعيدة", "حزينة"),
        ("مسرور", "مستاء"), ("راض", "غاضب"), ("ممتع", "ممل"), ("ممتعة", "مملة"), ("لطيف", "سخيف"),
        ("إيجابي", "سلبي"), ("إيجابية", "سلبية"), ("أفضل", "أسوأ"), ("أحب", "أكره"), ("يحب", "يكره"),
        ("تحب", "تكره"), ("نحب", "نكره"), ("نجاح", "فشل"), ("فرح", "حزن"), ("حب", "كراهية"),
    ),
    grammar_source="Ryding, A Reference Grammar of Modern Standard Arabic (2005), ch. 39; "
                   "Badawi, Carter & Gully, Modern Written Arabic (2016)",
    politeness=(("من", "فضلك"), ("من", "فضلكم"), ("لو", "سمحت"), ("رجاء",), ("رجاءً",)),
    concord=frozenset({"أبدا", "أبداً"}),  # لم ... أبدا, "not ... ever"
    modifiers_follow=True,  # جيد جدا, "very good"; بالكاد ("barely") precedes its verb, and is read after it
)
