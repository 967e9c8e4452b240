//! The 1E rules engine: game state, the action model, compiled card abilities,
//! and the checks that answer each question kind with reasons and citations.
