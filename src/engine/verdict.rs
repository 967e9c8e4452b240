//! Verdicts: the engine's answer to a question, always with the reasons that
//! decided it and the rules entries it applied.
//!
//! Invariant: a verdict without a citation is a bug; [`Verdict::new`] is the
//! only constructor. Given no citation it answers `undecided` (a gap in a
//! check is no reason to guess, nor to crash on a user's question); the
//! executable rulings and blind sets assert every verdict is cited.

use serde::{Deserialize, Serialize};

/// A rules entry the engine applied: document, entry title, stable id.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Citation {
    /// Manifest id ("glossary", "current-rulings", "rulebook-1e").
    pub doc: String,
    /// Entry title as the document prints it.
    pub title: String,
    /// Stable id `<doc>:<slug>`, the same id the index gives the entry.
    pub id: String,
}

impl Citation {
    /// A citation of the entry `title` in document `doc`; the id is the
    /// entry's stable id (see [`crate::readers::assign_ids`]).
    pub fn new(doc: &str, title: &str) -> Citation {
        Citation {
            doc: doc.to_string(),
            title: title.to_string(),
            id: format!("{doc}:{}", crate::readers::slug(title)),
        }
    }

    pub fn glossary(title: &str) -> Citation {
        Citation::new("glossary", title)
    }

    pub fn rulings(title: &str) -> Citation {
        Citation::new("current-rulings", title)
    }
}

impl From<&crate::vocab::affiliations::Source> for Citation {
    /// The entry a rules table of `glossary/*.toml` names as its source.
    fn from(source: &crate::vocab::affiliations::Source) -> Citation {
        Citation::new(&source.doc, &source.entry)
    }
}

/// One step of the chain of checks that decided a verdict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reason {
    pub text: String,
    /// The entry this step applied, if it applied one.
    pub citation: Option<Citation>,
}

impl Reason {
    /// The reason a card-specific Current Rulings entry gives when a rule
    /// reads the `aspect` of the card it rules on (`glossary/card-rulings.toml`).
    pub fn card_ruling(
        title: &str,
        aspect: crate::vocab::card_rulings::Aspect,
        what: impl Into<String>,
    ) -> Option<Reason> {
        let r = crate::vocab::vocabulary()
            .card_rulings
            .about(title, aspect)?;
        Some(Reason {
            text: format!(
                "{} ({} as the Current Rulings settle it)",
                what.into(),
                aspect.name()
            ),
            citation: Some((&r.source()).into()),
        })
    }
}

/// The answer: yes, no, a computed value, or undecided (with what is missing).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum VerdictValue {
    Yes,
    No,
    Value(String),
    Undecided(String),
}

impl std::fmt::Display for VerdictValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VerdictValue::Yes => write!(f, "yes"),
            VerdictValue::No => write!(f, "no"),
            VerdictValue::Value(v) => write!(f, "{v}"),
            VerdictValue::Undecided(why) => write!(f, "undecided: {why}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub value: VerdictValue,
    pub reasons: Vec<Reason>,
    pub citations: Vec<Citation>,
}

impl Verdict {
    /// Build a verdict; the citations are those of the reasons plus `extra`,
    /// and there must be at least one.
    pub fn new(value: VerdictValue, reasons: Vec<Reason>, extra: Vec<Citation>) -> Verdict {
        let mut citations: Vec<Citation> = Vec::new();
        for c in reasons
            .iter()
            .filter_map(|r| r.citation.clone())
            .chain(extra)
        {
            if !citations.contains(&c) {
                citations.push(c);
            }
        }
        if citations.is_empty() && !matches!(value, VerdictValue::Undecided(_)) {
            let value = VerdictValue::Undecided(format!(
                "no rule was cited for the answer \"{value}\": this case is not covered yet"
            ));
            return Verdict {
                value,
                reasons,
                citations,
            };
        }
        Verdict {
            value,
            reasons,
            citations,
        }
    }

    pub fn yes_no(yes: bool, reasons: Vec<Reason>, extra: Vec<Citation>) -> Verdict {
        let v = if yes {
            VerdictValue::Yes
        } else {
            VerdictValue::No
        };
        Verdict::new(v, reasons, extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citation_ids_match_index_ids() {
        let c = Citation::glossary("actions – step 2: responses");
        assert_eq!(c.id, "glossary:actions-step-2-responses");
    }

    #[test]
    fn a_verdict_without_citation_is_undecided() {
        let v = Verdict::yes_no(true, vec![], vec![]);
        match v.value {
            VerdictValue::Undecided(why) => assert!(why.contains("no rule was cited"), "{why}"),
            other => panic!("an uncited verdict answered {other}"),
        }
    }
}
