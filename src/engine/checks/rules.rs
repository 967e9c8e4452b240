//! Checks as ordered rules. A question kind is a table of small rules in the
//! order the Glossary states them; each rule applies one entry. A rule looks
//! at the question and lets the next rule speak (adding the reasons it found)
//! or decides, and the verdict cites the entry of the rule that decided it.

use super::no;
use crate::engine::verdict::{Citation, Reason, Verdict, VerdictValue};

/// What one rule says.
#[derive(Debug, Clone, PartialEq)]
pub enum Ruling {
    /// Nothing against it here: the next rule speaks.
    Next,
    /// Allowed: the rule's entry decides.
    Yes,
    /// Refused, for this reason, by the rule's entry.
    No(String),
    /// Refused by a shared predicate whose reason cites its own entry (a
    /// card forbidding the act, a compatibility table).
    Refused(Reason),
    /// The rule cannot be applied without this.
    Undecided(String),
}

/// A rules entry a rule applies, with the Current Rulings entry that states
/// the same rule (when there is one): a verdict the rule decides cites both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub doc: &'static str,
    pub title: &'static str,
    pub ruling: Option<&'static str>,
}

impl Entry {
    pub const fn glossary(title: &'static str) -> Entry {
        Entry {
            doc: "glossary",
            title,
            ruling: None,
        }
    }

    pub const fn rulings(title: &'static str) -> Entry {
        Entry {
            doc: "current-rulings",
            title,
            ruling: None,
        }
    }

    /// The entry a rules table of `glossary/*.toml` names as its source.
    pub fn from_table(source: &'static crate::vocab::affiliations::Source) -> Entry {
        Entry {
            doc: &source.doc,
            title: &source.entry,
            ruling: None,
        }
    }

    /// The same rule, also stated by the Current Rulings entry `title`.
    pub const fn stated_in_rulings(self, title: &'static str) -> Entry {
        Entry {
            ruling: Some(title),
            ..self
        }
    }

    pub fn citation(self) -> Citation {
        Citation::new(self.doc, self.title)
    }

    /// The Current Rulings entry stating the same rule, if any.
    fn restated(self) -> Vec<Citation> {
        self.ruling.map(Citation::rulings).into_iter().collect()
    }

    /// Every entry stating the rule: the entry, then its Current Rulings twin.
    pub fn citations(self) -> Vec<Citation> {
        let mut all = vec![self.citation()];
        all.extend(self.restated());
        all
    }
}

/// Allowed by `entry`, saying why.
pub fn yes_because(reasons: &mut Vec<Reason>, why: impl Into<String>, entry: Entry) -> Ruling {
    reasons.push(Reason {
        text: why.into(),
        citation: Some(entry.citation()),
    });
    Ruling::Yes
}

/// One rule of a question kind: its name, the entry it applies, and the
/// function applying it to a question's context `C`.
pub struct Rule<C> {
    pub name: &'static str,
    pub entry: Entry,
    pub apply: fn(&C, &mut Vec<Reason>) -> Ruling,
}

/// Run the rules in order; the first that decides answers. When every rule
/// lets it pass, the last rule's entry allows it.
pub fn decide<C>(rules: &[Rule<C>], ctx: &C) -> Verdict {
    let mut reasons = Vec::new();
    for rule in rules {
        match (rule.apply)(ctx, &mut reasons) {
            Ruling::Next => {}
            Ruling::Yes => return Verdict::yes_no(true, reasons, rule.entry.citations()),
            Ruling::No(why) => {
                reasons.push(Reason {
                    text: why,
                    citation: Some(rule.entry.citation()),
                });
                return Verdict::yes_no(false, reasons, rule.entry.restated());
            }
            Ruling::Refused(why) => return no(reasons, why),
            Ruling::Undecided(what) => {
                let value = VerdictValue::Undecided(what);
                return Verdict::new(value, reasons, rule.entry.citations());
            }
        }
    }
    let last = rules.last().expect("a rule table has rules").entry;
    Verdict::yes_no(true, reasons, last.citations())
}

/// The entry titles a rule's reasons cite, with its refusal's (for tests
/// of what a rule cites).
#[cfg(test)]
pub(crate) fn titles_cited(ruling: Ruling, mut reasons: Vec<Reason>) -> Vec<String> {
    if let Ruling::Refused(why) = ruling {
        reasons.push(why);
    }
    let titles = reasons
        .into_iter()
        .filter_map(|r| r.citation)
        .map(|c| c.title);
    titles.collect()
}

#[cfg(test)]
mod tests {
    use super::super::because;
    use super::*;

    fn rule(entry: &'static str, apply: fn(&u8, &mut Vec<Reason>) -> Ruling) -> Rule<u8> {
        Rule {
            name: entry,
            entry: Entry::glossary(entry),
            apply,
        }
    }

    #[test]
    fn the_first_rule_that_decides_answers_and_is_cited() {
        let rules = [
            rule("turn", |_, r| {
                r.push(because("your turn", "turn"));
                Ruling::Next
            }),
            rule("report", |&n, _| {
                if n == 0 {
                    Ruling::No("not a card that reports".into())
                } else {
                    Ruling::Next
                }
            }),
            rule("native quadrant", |_, _| Ruling::Yes),
        ];
        let refused = decide(&rules, &0);
        assert_eq!(refused.value, VerdictValue::No);
        assert_eq!(
            refused.reasons.last().unwrap().citation,
            Some(Citation::glossary("report"))
        );
        let allowed = decide(&rules, &1);
        assert_eq!(allowed.value, VerdictValue::Yes);
        assert!(allowed
            .citations
            .contains(&Citation::glossary("native quadrant")));
        assert!(allowed.citations.contains(&Citation::glossary("turn")));
    }

    #[test]
    fn a_refusal_cites_the_rule_entry_in_its_own_document() {
        let rules = [Rule {
            name: "the end facing you",
            entry: Entry::rulings("Construct Depot"),
            apply: |_: &u8, _: &mut Vec<Reason>| Ruling::No("not attemptable".into()),
        }];
        assert_eq!(
            decide(&rules, &0).citations,
            [Citation::rulings("Construct Depot")]
        );
    }

    #[test]
    fn an_undecided_rule_names_what_is_missing() {
        let rules = [rule("report", |_, _| Ruling::Undecided("`to`".into()))];
        assert_eq!(
            decide(&rules, &0).value,
            VerdictValue::Undecided("`to`".into())
        );
    }
}
