//! The card model in the store: cards, printings, skills, icons, references.
