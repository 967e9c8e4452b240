//! The card model in the store: cards, printings, skills, icons, references.

/// Temporary no-op until the cards helper provides the real writer.
pub fn write(_store: &crate::store::Store, _db: &crate::cards::CardDb) -> anyhow::Result<()> {
    Ok(())
}
