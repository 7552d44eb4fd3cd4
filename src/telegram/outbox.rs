//! The outbox: every counted call to a chat (sends, edits, deletes) waits
//! here, in order, for the chat's pacing — and no handler waits with it.
//!
//! Edits are merged per message: a pending edit of a message is replaced
//! by a newer state (it keeps its place in the chat's order), the content is
//! taken only once the pacer lets the call go (so the newest state is what
//! is sent), and an edit identical to what the message last showed is
//! dropped (no "message is not modified"). An edit may carry a renderer
//! ([`Outbox::edit_rendered`]): its content is then drawn anew at the moment
//! the call goes, so a message held back by pacing shows the state of that
//! moment, not of the moment it was queued. Sends and deletes are jobs that
//! run in the order they were queued. Each chat has at most one worker
//! task, started when something is queued and ended when its queue is empty.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, VecDeque};
use std::future::{Future, IntoFuture};
use std::hash::{Hash, Hasher};
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use teloxide::RequestError;
use teloxide::payloads::{EditMessageTextInlineSetters, EditMessageTextSetters};
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardMarkup, MessageId, ParseMode};
use tokio::sync::oneshot;

use super::calls::{Failure, backoff, classify};
use super::pacer::Pacer;

/// A message that can be edited: one in a chat, or one posted through inline mode.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// Message `id` of chat `chat`.
    Chat(i64, MessageId),
    /// An inline message (its id), paced with the global limit only.
    Inline(String),
}

impl Target {
    /// The chat whose pacing and order the target follows (0 for inline messages).
    #[must_use]
    pub fn chat(&self) -> i64 {
        match self {
            Target::Chat(c, _) => *c,
            Target::Inline(_) => 0,
        }
    }
}

/// The content of a message: HTML text and its inline keyboard.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Content {
    /// The HTML text.
    pub text: String,
    /// The inline keyboard (`None`: no buttons).
    pub kb: Option<InlineKeyboardMarkup>,
}

impl Content {
    /// A digest of the content, to tell whether an edit changes anything.
    #[must_use]
    pub fn digest(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }
}

/// The result of an edit as its waiters see it: `Ok` when the message
/// shows the content (also when nothing had to be sent).
pub type EditResult = Result<(), Failure>;

/// One entry of a chat's order.
#[derive(Debug)]
enum Entry<J> {
    Edit(Target),
    Job(J),
}

/// What a chat's worker does next.
#[derive(Debug, PartialEq, Eq)]
pub enum Next<J> {
    /// Edit this message with its newest pending content (take it with [`ChatQueue::take`]).
    Edit(Target),
    /// Run this job.
    Job(J),
}

/// The pending calls of one chat, in order: jobs `J`, and edits merged per
/// message (newest content wins, first place kept). Pure: no I/O, no clock.
#[derive(Debug)]
pub struct ChatQueue<J, W> {
    order: VecDeque<Entry<J>>,
    pending: HashMap<Target, (Content, Vec<W>)>,
}

impl<J, W> Default for ChatQueue<J, W> {
    fn default() -> Self {
        ChatQueue { order: VecDeque::new(), pending: HashMap::new() }
    }
}

impl<J, W> ChatQueue<J, W> {
    /// Queues an edit of `target` to `content`; `waiter` (if any) is told
    /// the result of the edit that carries this or a newer content.
    pub fn edit(&mut self, target: Target, content: Content, waiter: Option<W>) {
        match self.pending.get_mut(&target) {
            Some((c, waiters)) => {
                *c = content;
                waiters.extend(waiter);
            }
            None => {
                self.order.push_back(Entry::Edit(target.clone()));
                self.pending.insert(target, (content, waiter.into_iter().collect()));
            }
        }
    }

    /// Queues a job after everything queued so far.
    pub fn job(&mut self, job: J) {
        self.order.push_back(Entry::Job(job));
    }

    /// The next thing to do, skipping edits whose content is what the
    /// message already shows (`shown` gives a target's last digest); the
    /// waiters of a skipped edit are returned in `done` (their result is `Ok`).
    pub fn next(&mut self, shown: impl Fn(&Target) -> Option<u64>, done: &mut Vec<W>) -> Option<Next<J>> {
        while let Some(e) = self.order.pop_front() {
            match e {
                Entry::Job(j) => return Some(Next::Job(j)),
                Entry::Edit(t) => {
                    let same = self.pending.get(&t).is_some_and(|(c, _)| shown(&t) == Some(c.digest()));
                    if same {
                        if let Some((_, w)) = self.pending.remove(&t) {
                            done.extend(w);
                        }
                        continue;
                    }
                    if self.pending.contains_key(&t) {
                        return Some(Next::Edit(t));
                    }
                }
            }
        }
        None
    }

    /// Takes the newest pending content of `target` and its waiters; a
    /// later edit of it queues anew.
    pub fn take(&mut self, target: &Target) -> Option<(Content, Vec<W>)> {
        self.pending.remove(target)
    }

    /// Whether nothing is queued.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.order.is_empty() && self.pending.is_empty()
    }
}

type Job = Box<dyn FnOnce() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send>;

/// Draws a message's content as of now, when its edit is about to be sent
/// (`None`: keep the content it was queued with).
pub type Render = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Option<Content>> + Send>> + Send + Sync>;
type Waiter = oneshot::Sender<EditResult>;

/// The result of a queued call, to await or to ignore: dropping it does
/// not cancel the call.
pub struct Pending<T> {
    rx: oneshot::Receiver<T>,
    fallback: T,
}

impl<T> Pending<T> {
    pub(crate) fn new(rx: oneshot::Receiver<T>, fallback: T) -> Pending<T> {
        Pending { rx, fallback }
    }
}

impl<T: Send + 'static> IntoFuture for Pending<T> {
    type Output = T;
    type IntoFuture = Pin<Box<dyn Future<Output = T> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move { self.rx.await.unwrap_or(self.fallback) })
    }
}

/// Digests of what messages last showed kept before the map is cleared.
const SHOWN_KEPT: usize = 20_000;

/// The queues of all chats and their workers.
pub struct Outbox {
    bot: Bot,
    pacer: Arc<Pacer>,
    chats: Mutex<HashMap<i64, ChatQueue<Job, Waiter>>>,
    shown: Mutex<HashMap<Target, u64>>,
    renders: Mutex<HashMap<Target, Render>>,
}

impl Outbox {
    /// An outbox calling `bot`, paced by `pacer`.
    #[must_use]
    pub fn new(bot: Bot, pacer: Arc<Pacer>) -> Arc<Outbox> {
        Arc::new(Outbox { bot, pacer, chats: Mutex::default(), shown: Mutex::default(), renders: Mutex::default() })
    }

    /// The pacer the outbox waits on.
    #[must_use]
    pub fn pacer(&self) -> &Pacer {
        &self.pacer
    }

    /// Remembers that `target` now shows `content` (after a send).
    pub fn shows(&self, target: Target, content: &Content) {
        let mut shown = self.shown.lock().expect("shown");
        if shown.len() >= SHOWN_KEPT {
            shown.clear();
        }
        shown.insert(target, content.digest());
    }

    /// Queues an edit of `target`, merged with a pending one of the same message.
    pub fn edit(self: &Arc<Self>, target: Target, content: Content) -> Pending<EditResult> {
        let (tx, rx) = oneshot::channel();
        let chat = target.chat();
        let start = {
            let mut chats = self.chats.lock().expect("outbox");
            let start = !chats.contains_key(&chat);
            chats.entry(chat).or_default().edit(target, content, Some(tx));
            start
        };
        if start {
            tokio::spawn(self.clone().work(chat));
        }
        Pending::new(rx, Err(Failure::Other("the outbox stopped".into())))
    }

    /// Queues an edit of `target` as [`Outbox::edit`] does, whose content is
    /// drawn by `render` when the call goes. The renderer stays with the
    /// message (a newer one replaces it) and draws every later edit of it
    /// too, so that no edit queued earlier can send an older state after a
    /// newer one was shown; `content` is the fallback.
    pub fn edit_rendered(self: &Arc<Self>, target: Target, content: Content, render: Render) -> Pending<EditResult> {
        {
            let mut renders = self.renders.lock().expect("renders");
            if renders.len() >= SHOWN_KEPT {
                renders.clear();
            }
            renders.insert(target.clone(), render);
        }
        self.edit(target, content)
    }

    /// Queues `job` for `chat`, after everything queued for it so far.
    pub fn job<F>(self: &Arc<Self>, chat: i64, job: impl FnOnce() -> F + Send + 'static)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let job: Job = Box::new(move || Box::pin(job()));
        let start = {
            let mut chats = self.chats.lock().expect("outbox");
            let start = !chats.contains_key(&chat);
            chats.entry(chat).or_default().job(job);
            start
        };
        if start {
            tokio::spawn(self.clone().work(chat));
        }
    }

    /// The worker of `chat`: runs its queue until it is empty.
    async fn work(self: Arc<Self>, chat: i64) {
        loop {
            let mut done = vec![];
            let next = {
                let mut chats = self.chats.lock().expect("outbox");
                let shown = self.shown.lock().expect("shown");
                let Some(q) = chats.get_mut(&chat) else { return };
                let next = q.next(|t| shown.get(t).copied(), &mut done);
                if next.is_none() {
                    // Nothing queued (an edit always has its place in the
                    // order): the next call starts a new worker.
                    chats.remove(&chat);
                }
                next
            };
            for w in done {
                let _ = w.send(Ok(()));
            }
            match next {
                None => return,
                Some(Next::Job(j)) => j().await,
                Some(Next::Edit(t)) => self.run_edit(chat, t).await,
            }
        }
    }

    /// Sends the newest content of `target` once the pacer allows; on 429
    /// waits and retries with the content newest by then.
    async fn run_edit(&self, chat: i64, target: Target) {
        let mut current: Option<(Content, Vec<Waiter>)> = None;
        let mut render: Option<Render> = None;
        let mut tries = 0;
        let result = loop {
            self.pacer.wait(chat).await;
            let newer = self.chats.lock().expect("outbox").get_mut(&chat).and_then(|q| q.take(&target));
            if let Some((c, w)) = newer {
                let mut waiters = current.take().map(|(_, w)| w).unwrap_or_default();
                waiters.extend(w);
                current = Some((c, waiters));
                render = self.renders.lock().expect("renders").get(&target).cloned();
            }
            if let (Some(r), Some((c, _))) = (&render, &mut current)
                && let Some(now) = r().await
            {
                *c = now;
            }
            let Some((content, _)) = &current else { return };
            if self.shown.lock().expect("shown").get(&target) == Some(&content.digest()) {
                break Ok(());
            }
            match self.call_edit(&target, content).await {
                Ok(()) => break Ok(()),
                Err(e) if backoff(&e, &mut tries, chat).await => {}
                Err(e) => match classify(&e) {
                    Failure::NotModified => break Ok(()),
                    f => break Err(f),
                },
            }
        };
        let Some((content, waiters)) = current else { return };
        if result.is_ok() {
            self.shows(target, &content);
        }
        for w in waiters {
            let _ = w.send(result.clone());
        }
    }

    /// Edits `target` to `content` now, paced but not queued: for a job of
    /// the target's chat that needs the edit shown before it goes on. Not
    /// sent when the message already shows it; remembered once shown.
    pub async fn edit_now(&self, target: Target, content: Content) -> EditResult {
        if self.shown.lock().expect("shown").get(&target) == Some(&content.digest()) {
            return Ok(());
        }
        let chat = target.chat();
        let mut tries = 0;
        let result = loop {
            self.pacer.wait(chat).await;
            match self.call_edit(&target, &content).await {
                Ok(()) => break Ok(()),
                Err(e) if backoff(&e, &mut tries, chat).await => {}
                Err(e) => match classify(&e) {
                    Failure::NotModified => break Ok(()),
                    f => break Err(f),
                },
            }
        };
        if result.is_ok() {
            self.shows(target, &content);
        }
        result
    }

    async fn call_edit(&self, target: &Target, c: &Content) -> Result<(), RequestError> {
        match target {
            Target::Chat(chat, id) => {
                let mut req =
                    self.bot.edit_message_text(ChatId(*chat), *id, c.text.clone()).parse_mode(ParseMode::Html);
                if let Some(kb) = &c.kb {
                    req = req.reply_markup(kb.clone());
                }
                req.await.map(|_| ())
            }
            Target::Inline(id) => {
                let mut req = self.bot.edit_message_text_inline(id.clone(), c.text.clone()).parse_mode(ParseMode::Html);
                if let Some(kb) = &c.kb {
                    req = req.reply_markup(kb.clone());
                }
                req.await.map(|_| ())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content(text: &str) -> Content {
        Content { text: text.into(), kb: None }
    }

    fn msg(id: i32) -> Target {
        Target::Chat(7, MessageId(id))
    }

    /// Runs the queue to its end as a worker would, with every edit
    /// succeeding: what was sent, in order (edits as `edit <id>: <text>`).
    fn drain(q: &mut ChatQueue<&'static str, u32>, shown: &mut HashMap<Target, u64>) -> Vec<String> {
        let mut out = vec![];
        loop {
            let mut done = vec![];
            let next = q.next(|t| shown.get(t).copied(), &mut done);
            match next {
                None => return out,
                Some(Next::Job(j)) => out.push(j.to_owned()),
                Some(Next::Edit(t)) => {
                    let (c, _) = q.take(&t).expect("a pending edit");
                    let Target::Chat(_, id) = &t else { unreachable!() };
                    out.push(format!("edit {}: {}", id.0, c.text));
                    shown.insert(t, c.digest());
                }
            }
        }
    }

    #[test]
    fn the_newest_state_of_a_message_wins() {
        let mut q = ChatQueue::default();
        for s in ["v1", "v2", "v3"] {
            q.edit(msg(1), content(s), Some(0));
        }
        assert_eq!(drain(&mut q, &mut HashMap::new()), ["edit 1: v3"]);
    }

    #[test]
    fn an_edit_identical_to_what_the_message_shows_is_dropped() {
        let mut q = ChatQueue::default();
        let mut shown = HashMap::from([(msg(1), content("same").digest())]);
        q.edit(msg(1), content("same"), Some(1));
        let mut done = vec![];
        assert_eq!(q.next(|t| shown.get(t).copied(), &mut done), None);
        assert_eq!(done, [1], "its waiter is told it is done");
        // A change and a change back before the call goes: nothing to send.
        q.edit(msg(1), content("other"), None);
        q.edit(msg(1), content("same"), None);
        assert!(drain(&mut q, &mut shown).is_empty());
        // A real change is sent, once.
        q.edit(msg(1), content("new"), None);
        assert_eq!(drain(&mut q, &mut shown), ["edit 1: new"]);
        assert!(q.is_empty());
    }

    #[test]
    fn the_order_of_a_chat_is_kept() {
        let mut q = ChatQueue::default();
        q.edit(msg(1), content("a1"), None);
        q.job("send X");
        q.edit(msg(2), content("b1"), None);
        q.edit(msg(1), content("a2"), None); // merged: keeps message 1's place before X
        q.job("send Y");
        assert_eq!(drain(&mut q, &mut HashMap::new()), ["edit 1: a2", "send X", "edit 2: b1", "send Y"]);
    }

    #[test]
    fn an_edit_queued_after_its_content_was_taken_goes_after_what_came_meanwhile() {
        let mut q: ChatQueue<&str, u32> = ChatQueue::default();
        q.edit(msg(1), content("a1"), Some(1));
        let mut done = vec![];
        assert_eq!(q.next(|_| None, &mut done), Some(Next::Edit(msg(1))));
        let (c, waiters) = q.take(&msg(1)).expect("pending");
        assert_eq!((c.text.as_str(), waiters), ("a1", vec![1]));
        // While a1 is on its way, a job and a newer state arrive.
        q.job("send X");
        q.edit(msg(1), content("a2"), Some(2));
        let mut shown = HashMap::from([(msg(1), c.digest())]);
        assert_eq!(drain(&mut q, &mut shown), ["send X", "edit 1: a2"]);
    }
}
