//! The Bot API methods of the fake Telegram, as strict as tgsim where the
//! bot could go wrong: text length after HTML parsing, keyboard sizes,
//! callback data, "message is not modified", callback answer deadlines,
//! 403 for blocked and never-started users, 429 past the flood limits.

use std::time::Instant;

use serde_json::{Map, Value, json};

use super::html;
use super::world::{ApiErr, Callback, FloodEvent, Msg, World, bad};

type Params = Map<String, Value>;

/// Methods that count against the flood limits.
const FLOOD_METHODS: [&str; 6] =
    ["sendmessage", "sendphoto", "senddocument", "editmessagetext", "editmessagecaption", "editmessagereplymarkup"];

/// Valid Bot API methods the bot may call that need no model here: answered `true`.
const ACCEPTED: [&str; 8] = [
    "setchatmenubutton",
    "pinchatmessage",
    "unpinchatmessage",
    "unpinallchatmessages",
    "close",
    "logout",
    "setwebhook",
    "setmyname",
];

fn int(p: &Params, k: &str) -> Option<i64> {
    match p.get(k)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn text<'a>(p: &'a Params, k: &str) -> Option<&'a str> {
    p.get(k).and_then(Value::as_str)
}

fn flag(p: &Params, k: &str) -> bool {
    matches!(p.get(k), Some(Value::Bool(true))) || text(p, k) == Some("true")
}

/// A JSON parameter, given as JSON or as a JSON string (multipart).
fn json_param(p: &Params, k: &str) -> Result<Option<Value>, ApiErr> {
    match p.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => {
            serde_json::from_str(s).map(Some).map_err(|_| bad(&format!("can't parse {k} JSON object")))
        }
        Some(v) => Ok(Some(v.clone())),
    }
}

/// Validates an inline keyboard as Telegram does; returns it (or `None` for none).
pub fn check_markup(markup: Option<Value>, inline_only: bool) -> Result<Option<Value>, ApiErr> {
    let Some(m) = markup else { return Ok(None) };
    let Some(rows) = m.get("inline_keyboard") else {
        if inline_only {
            return Err(bad("REPLY_MARKUP_INVALID"));
        }
        return Ok(None); // a reply keyboard or its removal: not shown in our model
    };
    let rows = rows.as_array().ok_or_else(|| bad("can't parse reply keyboard markup JSON object"))?;
    let mut total = 0;
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().ok_or_else(|| bad("can't parse reply keyboard markup JSON object"))?;
        if row.len() > 8 {
            return Err(bad(&format!(
                "too many buttons in row {} of the inline keyboard: {}, at most 8",
                r + 1,
                row.len()
            )));
        }
        total += row.len();
        for b in row {
            if b["text"].as_str().is_none_or(str::is_empty) {
                return Err(bad("BUTTON_TEXT_INVALID"));
            }
            let actions = [
                "callback_data",
                "url",
                "switch_inline_query",
                "switch_inline_query_current_chat",
                "switch_inline_query_chosen_chat",
                "web_app",
                "login_url",
                "callback_game",
                "pay",
                "copy_text",
            ];
            let n = actions.iter().filter(|a| b.get(**a).is_some()).count();
            if n != 1 {
                return Err(bad("can't parse inline keyboard button: exactly one of the optional fields must be used"));
            }
            if let Some(d) = b.get("callback_data") {
                let len = d.as_str().map_or(0, str::len);
                if !(1..=64).contains(&len) {
                    return Err(bad("BUTTON_DATA_INVALID"));
                }
            }
            if let Some(w) = b.get("web_app") {
                // Telegram opens Mini Apps over HTTPS only.
                if !w["url"].as_str().is_some_and(|u| u.starts_with("https://")) {
                    return Err(bad("BUTTON_TYPE_INVALID"));
                }
            }
            if let Some(u) = b.get("url") {
                let u = u.as_str().unwrap_or("");
                let host = u.split_once("://").map_or(u, |(_, r)| r).split(['/', '?']).next().unwrap_or("");
                let scheme_ok = ["http://", "https://", "tg://"].iter().any(|s| u.starts_with(s));
                if !scheme_ok || !(u.starts_with("tg://") || host.contains('.')) {
                    return Err(bad("BUTTON_URL_INVALID"));
                }
            }
        }
    }
    if total > 100 {
        return Err(bad(&format!("reply markup is too long: {total} buttons, at most 100 allowed")));
    }
    Ok(Some(m))
}

/// Parses a text parameter with its parse mode; checks 1..=limit UTF-16 units.
fn format(p: &Params, field: &str, limit: usize, required: bool) -> Result<String, ApiErr> {
    let raw = text(p, field).unwrap_or("");
    let visible = match text(p, "parse_mode") {
        None | Some("") => raw.trim_end().to_owned(),
        Some(m) if m.eq_ignore_ascii_case("html") => html::parse(raw).map_err(|e| bad(&e))?,
        Some(other) => return Err(bad(&format!("unsupported parse_mode {other} (the fake knows HTML only)"))),
    };
    if visible.is_empty() && required {
        return Err(bad("message text is empty"));
    }
    if html::utf16_len(&visible) > limit {
        return Err(bad(if field == "text" { "message is too long" } else { "message caption is too long" }));
    }
    Ok(visible)
}

fn chat_id(p: &Params) -> Result<i64, ApiErr> {
    int(p, "chat_id").ok_or_else(|| bad("chat_id is empty"))
}

impl World {
    /// The chat a send goes to; 403 for a blocked or never-started user.
    fn writable(&self, chat: i64) -> Result<(), ApiErr> {
        if !self.chats.contains_key(&chat) {
            return Err(bad("chat not found"));
        }
        if let Some(u) = self.users.get(&chat) {
            if u.blocked {
                return Err(ApiErr(403, "Forbidden: bot was blocked by the user".into(), None));
            }
            if !u.started {
                return Err(ApiErr(403, "Forbidden: bot can't initiate conversation with a user".into(), None));
            }
        }
        Ok(())
    }

    fn flood_check(&mut self, method: &str, chat: Option<i64>) -> Result<(), ApiErr> {
        if !FLOOD_METHODS.contains(&method) {
            return Ok(());
        }
        let now = self.now();
        if let Some((rule, retry)) = self.flood.violation(now, chat) {
            self.flood_events.push(FloodEvent { rule, refused: self.cfg.flood });
            if self.cfg.flood {
                return Err(ApiErr(429, format!("Too Many Requests: retry after {retry}"), Some(retry)));
            }
        }
        self.flood.record(now, chat);
        Ok(())
    }

    fn send(
        &mut self,
        method: &str,
        p: &Params,
        text: String,
        doc: Option<String>,
        photo: bool,
    ) -> Result<Value, ApiErr> {
        let chat = chat_id(p)?;
        let markup = check_markup(json_param(p, "reply_markup")?, false)?;
        self.writable(chat)?;
        let reply =
            json_param(p, "reply_parameters")?.and_then(|r| r["message_id"].as_i64()).or(int(p, "reply_to_message_id"));
        if let Some(r) = reply
            && self.message(chat, r).is_none()
        {
            return Err(bad("message to be replied not found"));
        }
        self.flood_check(method, Some(chat))?;
        let m = Msg {
            chat,
            id: 0,
            from_bot: true,
            sender: self.bot_id,
            text,
            markup,
            edits: 0,
            deleted: false,
            inline_id: None,
            document: doc,
            file_text: None,
            photo,
            reply_to: reply,
        };
        let id = self.add_message(m);
        Ok(self.render(self.message(chat, id).expect("just added")))
    }

    fn edit(&mut self, method: &str, p: &Params, new_text: Option<String>) -> Result<Value, ApiErr> {
        let markup = check_markup(json_param(p, "reply_markup")?, true)?;
        let (chat, id, inline) = match text(p, "inline_message_id").filter(|s| !s.is_empty()) {
            Some(iid) => {
                let (c, m) = *self.inline_msgs.get(iid).ok_or_else(|| bad("MESSAGE_ID_INVALID"))?;
                (c, m, true)
            }
            None => {
                let chat = chat_id(p)?;
                self.writable(chat)?;
                (chat, int(p, "message_id").ok_or_else(|| bad("message identifier is not specified"))?, false)
            }
        };
        let m = self.message(chat, id).ok_or_else(|| bad("message to edit not found"))?;
        if !m.from_bot {
            return Err(bad("message can't be edited"));
        }
        let text = new_text.unwrap_or_else(|| m.text.clone());
        if m.text == text && m.markup == markup {
            return Err(bad(
                "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
            ));
        }
        self.flood_check(method, if inline { None } else { Some(chat) })?;
        let m = self.message_mut(chat, id).expect("checked");
        m.text = text;
        m.markup = markup;
        m.edits += 1;
        if inline {
            return Ok(json!(true));
        }
        Ok(self.render(self.message(chat, id).expect("checked")))
    }

    /// Runs one Bot API method (not getUpdates, which waits: see `server.rs`).
    pub fn bot_call(&mut self, method: &str, p: &Params) -> Result<Value, ApiErr> {
        match method {
            "getme" => {
                let mut me = self.bot_user();
                for (k, v) in [
                    ("can_join_groups", true),
                    ("can_read_all_group_messages", true),
                    ("supports_inline_queries", true),
                    ("can_connect_to_business", false),
                    ("has_main_web_app", false),
                ] {
                    me[k] = json!(v);
                }
                Ok(me)
            }
            "getwebhookinfo" => {
                Ok(json!({"url": "", "has_custom_certificate": false, "pending_update_count": self.updates.len()}))
            }
            "deletewebhook" => Ok(json!(true)),
            "setmycommands" | "getmycommands" | "deletemycommands" => self.commands_call(method, p),
            "setmydescription" => self.set_profile(p, "description", 512),
            "setmyshortdescription" => self.set_profile(p, "short_description", 120),
            "getmydescription" => Ok(self.get_profile(p, "description")),
            "getmyshortdescription" => Ok(self.get_profile(p, "short_description")),
            "getmyname" => Ok(
                json!({"name": self.get_profile(p, "name")["name"].as_str().filter(|s| !s.is_empty()).unwrap_or("Srazhenie")}),
            ),
            "getchatmenubutton" => Ok(json!({"type": "default"})),
            "sendmessage" => {
                let t = format(p, "text", 4096, true)?;
                self.send(method, p, t, None, false)
            }
            "senddocument" | "sendphoto" => {
                let field = if method == "sendphoto" { "photo" } else { "document" };
                let caption = format(p, "caption", 1024, false)?;
                let file = p.get(field).ok_or_else(|| bad(&format!("there is no {field} in the request")))?;
                let size = file["size"].as_u64().unwrap_or(0);
                if file["upload"].as_bool() == Some(true) && size == 0 {
                    return Err(bad("file must be non-empty"));
                }
                let head: Vec<u8> = file["data_head"]
                    .as_array()
                    .map(|a| a.iter().filter_map(|b| b.as_u64().map(|b| b as u8)).collect())
                    .unwrap_or_default();
                if field == "photo" && !head.starts_with(b"\x89PNG") && !head.starts_with(b"\xff\xd8") {
                    return Err(bad("IMAGE_PROCESS_FAILED"));
                }
                let name = file["file_name"].as_str().map(Into::into);
                let body = file["data_text"].as_str().map(str::to_owned);
                let sent =
                    self.send(method, p, caption, if field == "document" { name } else { None }, field == "photo")?;
                if let (Some(m), Some(chat)) = (sent["message_id"].as_i64(), sent["chat"]["id"].as_i64())
                    && let Some(msg) = self.message_mut(chat, m)
                {
                    msg.file_text = body;
                }
                Ok(sent)
            }
            "sendchataction" => {
                self.writable(chat_id(p)?)?;
                Ok(json!(true))
            }
            "editmessagetext" => {
                let t = format(p, "text", 4096, true)?;
                self.edit(method, p, Some(t))
            }
            "editmessagecaption" => {
                let t = format(p, "caption", 1024, false)?;
                self.edit(method, p, Some(t))
            }
            "editmessagereplymarkup" => self.edit(method, p, None),
            "deletemessage" => {
                let chat = chat_id(p)?;
                let id = int(p, "message_id").ok_or_else(|| bad("message identifier is not specified"))?;
                let m = self.message_mut(chat, id).ok_or_else(|| bad("message to delete not found"))?;
                m.deleted = true;
                Ok(json!(true))
            }
            "answercallbackquery" => self.answer_callback(p),
            "answerinlinequery" => self.answer_inline(p),
            "getchat" => {
                let chat = chat_id(p)?;
                if !self.chats.contains_key(&chat) {
                    return Err(bad("chat not found"));
                }
                let mut c = self.chat_api(chat);
                c["accent_color_id"] = json!(0);
                c["max_reaction_count"] = json!(11);
                c["accepted_gift_types"] = json!({"unlimited_gifts": false, "limited_gifts": false, "unique_gifts": false, "premium_subscription": false});
                Ok(c)
            }
            m if ACCEPTED.contains(&m) => Ok(json!(true)),
            _ => Err(ApiErr(404, "Not Found: method not found".into(), None)),
        }
    }

    fn commands_call(&mut self, method: &str, p: &Params) -> Result<Value, ApiErr> {
        let scope = json_param(p, "scope")?.unwrap_or(json!({"type": "default"})).to_string();
        let key = (scope, text(p, "language_code").unwrap_or("").to_owned());
        match method {
            "setmycommands" => {
                let cmds = json_param(p, "commands")?
                    .and_then(|c| c.as_array().cloned())
                    .ok_or_else(|| bad("can't parse commands JSON object"))?;
                if cmds.len() > 100 {
                    return Err(bad("BOT_COMMANDS_TOO_MUCH"));
                }
                for c in &cmds {
                    let name = c["command"].as_str().unwrap_or("");
                    if name.is_empty()
                        || name.len() > 32
                        || !name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                    {
                        return Err(bad("BOT_COMMAND_INVALID"));
                    }
                    let d = c["description"].as_str().unwrap_or("").trim().chars().count();
                    if !(1..=256).contains(&d) {
                        return Err(bad("BOT_COMMAND_DESCRIPTION_INVALID"));
                    }
                }
                self.commands.insert(key, cmds);
                Ok(json!(true))
            }
            "getmycommands" => Ok(Value::Array(self.commands.get(&key).cloned().unwrap_or_default())),
            _ => {
                self.commands.remove(&key);
                Ok(json!(true))
            }
        }
    }

    fn set_profile(&mut self, p: &Params, field: &str, limit: usize) -> Result<Value, ApiErr> {
        let value = text(p, field).unwrap_or("");
        if value.chars().count() > limit {
            return Err(bad(&format!("{field} is too long: at most {limit} characters")));
        }
        let lang = text(p, "language_code").unwrap_or("").to_owned();
        self.profile.insert((field.to_owned(), lang), value.to_owned());
        Ok(json!(true))
    }

    fn get_profile(&self, p: &Params, field: &str) -> Value {
        let lang = text(p, "language_code").unwrap_or("");
        let get = |l: &str| self.profile.get(&(field.to_owned(), l.to_owned())).cloned();
        json!({ field: get(lang).or_else(|| get("")).unwrap_or_default() })
    }

    fn answer_callback(&mut self, p: &Params) -> Result<Value, ApiErr> {
        let deadline = self.cfg.answer_deadline_secs;
        let username = self.cfg.bot_username.to_ascii_lowercase();
        let id = text(p, "callback_query_id").unwrap_or("");
        let stale = || bad("query is too old and response timeout expired or query ID is invalid");
        let cb: &mut Callback = self.callbacks.get_mut(id).ok_or_else(stale)?;
        if cb.answer.is_some() || cb.pressed_at.elapsed().as_secs_f64() > deadline {
            return Err(stale());
        }
        let t = text(p, "text");
        if t.is_some_and(|t| html::utf16_len(t) > 200) {
            return Err(bad("MESSAGE_TOO_LONG"));
        }
        let url = text(p, "url").filter(|u| !u.is_empty());
        if let Some(u) = url {
            let rest = u.trim_start_matches("https://").trim_start_matches("http://");
            let bot = rest.strip_prefix("t.me/").map(|r| r.split(['?', '/']).next().unwrap_or("").to_ascii_lowercase());
            if bot.as_deref() != Some(username.as_str()) {
                return Err(bad("URL_INVALID"));
            }
        }
        cb.answer = Some(json!({"text": t, "url": url, "show_alert": flag(p, "show_alert")}));
        cb.answered_at = Some(Instant::now());
        Ok(json!(true))
    }

    fn answer_inline(&mut self, p: &Params) -> Result<Value, ApiErr> {
        let deadline = self.cfg.answer_deadline_secs;
        let id = text(p, "inline_query_id").unwrap_or("").to_owned();
        let results = json_param(p, "results")?
            .and_then(|r| r.as_array().cloned())
            .ok_or_else(|| bad("can't parse JSON encoded inline query results"))?;
        if results.len() > 50 {
            return Err(bad("RESULTS_TOO_MUCH"));
        }
        let mut posts = std::collections::HashMap::new();
        for r in &results {
            let rid = r["id"].as_str().unwrap_or("");
            if rid.is_empty() || rid.len() > 64 {
                return Err(bad("RESULT_ID_INVALID"));
            }
            if posts.contains_key(rid) {
                return Err(bad("RESULT_ID_DUPLICATE"));
            }
            if r["type"] == "article" && r["title"].as_str().is_none_or(str::is_empty) {
                return Err(bad("can't parse inline query result: Field \"title\" must be of type String"));
            }
            let content = r.get("input_message_content").and_then(Value::as_object).ok_or_else(|| {
                bad("can't parse inline query result: Field \"input_message_content\" must be of type Object")
            })?;
            let visible = format(content, "message_text", 4096, true)?;
            let markup = check_markup(r.get("reply_markup").cloned(), true)?;
            posts.insert(rid.to_owned(), (visible, markup));
        }
        let q = self
            .inline_queries
            .get_mut(&id)
            .ok_or_else(|| bad("query is too old and response timeout expired or query ID is invalid"))?;
        if q.results.is_some() || q.asked_at.elapsed().as_secs_f64() > deadline {
            return Err(bad("query is too old and response timeout expired or query ID is invalid"));
        }
        q.results = Some(results);
        q.posts = posts;
        Ok(json!(true))
    }
}

/// Marks when a callback query was pressed (used by the users' side).
pub fn new_callback() -> Callback {
    Callback { pressed_at: Instant::now(), answer: None, answered_at: None }
}
