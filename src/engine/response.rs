//! Valid responses and card-play timing. (Skeleton: the ability compiler's
//! helper writes the real checks; these signatures are the contract the
//! scenario checker calls.)

use crate::cards::model::{Card, CardDb};
use crate::engine::action::{Action, TurnContext};
use crate::engine::verdict::{Citation, Verdict, VerdictValue};

/// Is `responder` a valid response to `action`?
pub fn valid_response(_action: &Action, _responder: &Card, _db: &CardDb) -> Verdict {
    undecided()
}

/// May `card` be played now?
pub fn can_play(
    _card: &Card,
    _turn: &TurnContext,
    _under_way: Option<&Action>,
    _db: &CardDb,
) -> Verdict {
    undecided()
}

fn undecided() -> Verdict {
    Verdict::new(
        VerdictValue::Undecided("ability compiler not merged".into()),
        vec![],
        vec![Citation::glossary("actions – step 2: responses")],
    )
}
