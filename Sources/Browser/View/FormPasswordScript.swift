/// The script Skiff puts in every page's top frame, in its isolated world (WebViewScripts.swift), to
/// see login forms (docs/browser.md, "Passwords in forms"). It tells Skiff that the page has one
/// and what was typed when one is submitted — by a submit, a click on one of its buttons, or Return
/// in the password — and fills one when Skiff calls `skiffLogins.fill` after the user picked a
/// login. It also says when a field for a new password gets the focus, and fills the form's new
/// password fields when Skiff calls `skiffLogins.fillNew` after the user took the suggested one, and
/// says before each right click whether it is on a password field ("Suggest Strong Password").
/// The page cannot reach this script, post to its channel, or call `fill` or `fillNew` itself.
public enum FormPasswordScript {
    public static let channel = "skiffPasswords"

    /// Inputs past the first 500 of a page are not looked at; a page that keeps adding nodes is
    /// looked at again at most `looks` times, a quarter of a second apart.
    public static let source = """
        (() => {
            const channel = window.webkit.messageHandlers.skiffPasswords;
            const post = (message) => channel.postMessage(JSON.stringify(Object.assign({ origin: location.origin }, message)));
            const shown = (input) => input.getClientRects().length > 0 && getComputedStyle(input).visibility !== 'hidden';
            const usable = (input) => !input.disabled && !input.readOnly;
            const isUser = (input) => ['text', 'email', 'tel'].includes(input.type) && usable(input);
            // The password field and the user name field before it: shown ones first, as a user sees them.
            function fields(root, shownOnly) {
                const inputs = Array.from(root.querySelectorAll('input')).slice(0, 500).filter((i) => !shownOnly || shown(i));
                const password = inputs.find((i) => i.type === 'password' && usable(i));
                if (!password) return shownOnly ? fields(root, false) : null;
                const named = inputs.find((i) => isUser(i) && (i.autocomplete || '').split(/\\s+/).includes('username'));
                let user = null;
                for (const input of inputs) {
                    if (input === password) break;
                    if (isUser(input)) user = input;
                }
                return { user: named || user, password };
            }
            function submitted(root) {
                const found = fields(root || document, true);
                if (!found || !found.password.value) return;
                post({ kind: 'submit', user: found.user ? found.user.value : '', password: found.password.value });
            }
            document.addEventListener('submit', (event) => submitted(event.target instanceof HTMLFormElement ? event.target : null), true);
            document.addEventListener('keydown', (event) => {
                const target = event.target;
                if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type === 'password') submitted(target.form);
            }, true);
            document.addEventListener('click', (event) => {
                const button = event.target instanceof Element ? event.target.closest('button, input[type=submit]') : null;
                if (button && button.form && button.form.querySelector('input[type=password]')) submitted(button.form);
            }, true);
            // The fields of a form that ask for a new password: those marked new-password, else a
            // sign-up's two (new, again) or a change's last two of three (current, new, again).
            const isCurrent = (i) => /current-password/.test(i.getAttribute('autocomplete') || '') || /old|current|existing/i.test(i.name + ' ' + i.id);
            function newFields(input) {
                const passwords = Array.from((input.form || document).querySelectorAll('input[type=password]'))
                    .slice(0, 50).filter((i) => usable(i) && shown(i));
                const marked = passwords.filter((i) => (i.getAttribute('autocomplete') || '').split(/\\s+/).includes('new-password'));
                if (marked.length) return marked;
                if (passwords.length < 2 || passwords.length > 3) return [];
                return passwords.length === 3 || isCurrent(passwords[0]) ? passwords.slice(1) : passwords;
            }
            // The fields fillNew fills: the new-password group last focused, or the password field
            // last right-clicked (with its group when it is in one).
            let fillSet = [];
            const shortest = (inputs) => {
                const limits = inputs.map((i) => i.maxLength).filter((n) => n > 0);
                return limits.length ? Math.min(...limits) : -1;
            };
            document.addEventListener('focusin', (event) => {
                const target = event.target;
                if (!(target instanceof HTMLInputElement) || target.type !== 'password' || target.value) return;
                const fresh = newFields(target);
                if (!fresh.includes(target)) return;
                fillSet = fresh;
                post({ kind: 'newPassword', maxLength: shortest(fresh) });
            }, true);
            // Posted before WebKit asks for the menu, so the menu knows whether it is a password's.
            document.addEventListener('contextmenu', (event) => {
                if (!event.isTrusted) return;
                const target = event.target;
                const onPassword = target instanceof HTMLInputElement && target.type === 'password' && usable(target);
                if (onPassword) {
                    const fresh = newFields(target);
                    fillSet = fresh.includes(target) ? fresh : [target];
                }
                post({ kind: 'menu', password: onPassword, maxLength: onPassword ? shortest(fillSet) : -1 });
            }, true);
            let reported = false, looks = 0, pending = false;
            function look() {
                pending = false;
                if (reported || !fields(document, true)) return;
                reported = true;
                post({ kind: 'form' });
            }
            look();
            const observer = new MutationObserver(() => {
                if (reported || ++looks > 40) return observer.disconnect();
                if (!pending) { pending = true; setTimeout(look, 250); }
            });
            observer.observe(document.documentElement, { childList: true, subtree: true });
            const setValue = (input, value) => {
                Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
                input.dispatchEvent(new Event('input', { bubbles: true }));
                input.dispatchEvent(new Event('change', { bubbles: true }));
            };
            window.skiffLogins = {
                fill(origin, user, password) {
                    if (location.origin !== origin) return 'another site';
                    const found = fields(document, true);
                    if (!found) return 'no form';
                    if (found.user && user) setValue(found.user, user);
                    setValue(found.password, password);
                    return 'filled';
                },
                fillNew(origin, password) {
                    if (location.origin !== origin) return 'another site';
                    const fresh = fillSet.filter((i) => i.isConnected && usable(i));
                    if (!fresh.length) return 'no form';
                    fresh.forEach((input) => setValue(input, password));
                    const found = fields(fresh[0].form || document, true);
                    return 'filled:' + (found && found.user ? found.user.value : '');
                },
            };
        })();
        """

    /// Called with `origin`, `user` and `password` as values (never written into the source).
    static let fill = "return window.skiffLogins ? window.skiffLogins.fill(origin, user, password) : 'no script';"
    /// Called with `origin` and `password`: the suggested password into the new-password fields.
    static let fillNew = "return window.skiffLogins ? window.skiffLogins.fillNew(origin, password) : 'no script';"
}
