/* pt-engine-process.c — an external computer player's process: spawning
 * it under a reaper, killing it, and the non-blocking pipes (see
 * pt-engine.c for the protocol over them)
 *
 * Copyright 2026 The Partida authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pipes are plain file descriptors we create ourselves (non-blocking,
 * driven with poll()), not GIO streams: every wait then has one deadline
 * that covers writing the request, reading the answer and draining stderr,
 * and a silent, chatty or hung engine can never block Partida.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <glib-unix.h>
#include <glib/gi18n-lib.h>

#include "pt-engine-process.h"
#include "pt-record.h"

/* ---- the process ------------------------------------------------------ */

void
pt_engine_close_fd (int *fd)
{
  if (*fd >= 0)
    {
      close (*fd);
      *fd = -1;
    }
}

/* ---- the reaper ---------------------------------------------------------
 *
 * No process of an engine may outlive it, also one that double-forks into
 * a new session (setsid) and so leaves the engine's process group. The
 * process Partida spawns (the pid GSubprocess knows) is therefore not the
 * engine but a small reaper, forked from Partida between fork and exec:
 *
 *   Partida ── reaper (PR_SET_CHILD_SUBREAPER, no exec) ── engine (exec) ── …
 *
 * The reaper forks once more; the child becomes the engine (its own
 * process group, then GLib execs it) and the reaper waits. Being a child
 * subreaper, it adopts every orphan the engine leaves, at any depth, so
 * everything the engine ever started stays below it. When the engine exits,
 * when Partida sends SIGTERM (pt_engine_stop and every forfeit) or when
 * Partida is gone, it kills the engine's process group, then each of its
 * own children (read from /proc/self/task/PID/children; each one killed
 * hands its own children to the reaper) until none is left and all are
 * reaped, and exits with the engine's status (the same exit code, or the
 * same signal), so the reasons Partida gives stay those of the engine.
 *
 * Per engine, not the app itself: the app's GLib reaps only the pids it
 * spawned, so as a subreaper it would collect every unrelated orphan (of
 * file chooser helpers, of other engines) with no way to tell whose it is;
 * the arena runs two engines at once.
 *
 * Everything in the reaper runs after fork() in a multi-threaded program:
 * only async-signal-safe calls (no malloc, no GLib). */

static volatile sig_atomic_t reaper_stop;
static volatile sig_atomic_t reaper_alarm;

static void
reaper_on_signal (int signum)
{
  if (signum == SIGALRM)
    reaper_alarm = 1;
  else
    reaper_stop = 1;
}

/* The pids in /proc/self/task/SELF/children; -1 when the kernel has no
 * such file. */
static int
reaper_children (pid_t self,
                 pid_t *pids,
                 int max)
{
  char path[64] = "/proc/self/task/";
  char digits[16];
  char buffer[4096];
  int n_digits = 0, len = (int) strlen (path), fd, n = 0;
  ssize_t got;
  pid_t value = 0;
  gboolean in_number = FALSE;

  do
    digits[n_digits++] = (char) ('0' + self % 10);
  while ((self /= 10) > 0);
  while (n_digits > 0)
    path[len++] = digits[--n_digits];
  memcpy (path + len, "/children", sizeof "/children");

  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  while (n < max && ((got = read (fd, buffer, sizeof buffer)) > 0 || (got < 0 && errno == EINTR)))
    for (ssize_t i = 0; i < got && n < max; i++)
      {
        if (buffer[i] >= '0' && buffer[i] <= '9')
          {
            value = value * 10 + (buffer[i] - '0');
            in_number = TRUE;
          }
        else if (in_number)
          {
            pids[n++] = value;
            value = 0;
            in_number = FALSE;
          }
      }
  if (in_number && n < max)
    pids[n++] = value;
  close (fd);
  return n;
}

/* Kill the engine and everything below the reaper; reap them all. */
static void
reaper_kill_all (pid_t engine)
{
  pid_t self = getpid ();
  int status;

  kill (-engine, SIGKILL);
  kill (engine, SIGKILL);
  while (TRUE)
    {
      pid_t pids[256];
      int n = reaper_children (self, pids, G_N_ELEMENTS (pids));

      for (int i = 0; i < n; i++)
        {
          /* Its group too, when it leads one (a new session's daemon). */
          kill (-pids[i], SIGKILL);
          kill (pids[i], SIGKILL);
        }
      while (waitpid (-1, &status, WNOHANG) > 0)
        ;
      if (n > 0)
        continue;
      if (n < 0)
        {
          /* No children file: the engine's group is dead; wait a bounded
           * time for what else is left. */
          reaper_alarm = 0;
          alarm (1);
          while (!reaper_alarm && (waitpid (-1, &status, 0) > 0 || errno == EINTR))
            ;
          alarm (0);
          return;
        }
      /* None listed: reap the last ones (waitpid fails with ECHILD once
       * nobody is left). */
      if (waitpid (-1, &status, 0) < 0 && errno == ECHILD)
        return;
    }
}

static G_GNUC_NORETURN void
reaper_run (pid_t engine,
            pid_t parent,
            guint delay_ms)
{
  struct sigaction action;
  struct rlimit no_core = { 0, 0 };
  sigset_t none;
  int status = 0;

  /* Keep no end of the engine's pipes (so that Partida sees its EOF) and
   * not GLib's exec-error pipe (so that spawning returns). */
  if (syscall (SYS_close_range, 0, ~0U, 0) != 0)
    for (int fd = 0; fd < 65536; fd++)
      close (fd);
  /* Tests widen the window between the spawn returning (the fds just
   * closed) and the handlers below; a SIGTERM in it waits, blocked. */
  if (delay_ms > 0)
    usleep (delay_ms * 1000);

  memset (&action, 0, sizeof action);
  action.sa_handler = reaper_on_signal; /* no SA_RESTART: waitpid returns */
  sigemptyset (&action.sa_mask);
  sigaction (SIGTERM, &action, NULL);
  sigaction (SIGINT, &action, NULL);
  sigaction (SIGHUP, &action, NULL);
  sigaction (SIGALRM, &action, NULL);
  action.sa_handler = SIG_DFL;
  sigaction (SIGCHLD, &action, NULL);
  action.sa_handler = SIG_IGN;
  sigaction (SIGPIPE, &action, NULL);
  sigemptyset (&none);
  sigprocmask (SIG_SETMASK, &none, NULL);

  while (TRUE)
    {
      pid_t pid;

      if (reaper_stop || getppid () != parent)
        break;
      alarm (1);
      pid = waitpid (-1, &status, 0);
      if (pid == engine)
        break;
      if (pid < 0 && errno != EINTR)
        break;
      /* Otherwise an adopted orphan ended, or the alarm rang. */
    }
  alarm (0);
  reaper_kill_all (engine);

  if (WIFSIGNALED (status))
    {
      int signum = WTERMSIG (status);

      setrlimit (RLIMIT_CORE, &no_core);
      action.sa_handler = SIG_DFL;
      sigaction (signum, &action, NULL);
      kill (getpid (), signum);
      _exit (128 + signum);
    }
  _exit (WIFEXITED (status) ? WEXITSTATUS (status) : 1);
}

/* Runs in the child between fork and exec (see the reaper above). Should
 * the reaper's fork fail, the engine runs without one, in a process group
 * of its own as before. */
static void
child_setup (gpointer user_data)
{
  pid_t parent = getppid ();
  pid_t engine;
  sigset_t all, none;

  /* Partida may send SIGTERM as soon as the spawn returns, which is when
   * the reaper closes its fds, before its handlers are in place: blocked
   * from here, such a signal waits for them (and the engine, which would
   * otherwise be orphaned, is killed with the rest). */
  sigfillset (&all);
  sigprocmask (SIG_SETMASK, &all, NULL);
  setpgid (0, 0);
  prctl (PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  engine = fork ();
  if (engine > 0)
    reaper_run (engine, parent, GPOINTER_TO_UINT (user_data));
  if (engine == 0)
    setpgid (0, 0);
  sigemptyset (&none);
  sigprocmask (SIG_SETMASK, &none, NULL);
}

static pid_t
engine_pid (PtEngine *self)
{
  const char *id = self->process ? g_subprocess_get_identifier (self->process) : NULL;

  return id != NULL ? (pid_t) g_ascii_strtoll (id, NULL, 10) : 0;
}

/* Called with the pid already reaped: how it ended, for the reason. */
static char *
describe_exit (GSubprocess *process)
{
  if (g_subprocess_get_if_exited (process))
    return g_strdup_printf (_("The engine exited with status %d"),
                               g_subprocess_get_exit_status (process));
  if (g_subprocess_get_if_signaled (process))
    return g_strdup_printf (_("The engine was killed by signal %d (%s)"),
                               g_subprocess_get_term_sig (process),
                               g_strsignal (g_subprocess_get_term_sig (process)));
  return g_strdup (_("The engine stopped"));
}

/* Kill the whole process group, reap the engine, close everything. Safe
 * when nothing runs. */
void
pt_engine_kill (PtEngine *self,
                const char *why)
{
  pid_t pid;

  if (self->process == NULL)
    return;

  pid = engine_pid (self);
  if (pid > 0)
    {
      /* The reaper kills the engine and all it left, then exits. */
      gint64 until = g_get_monotonic_time () + REAPER_WAIT_MS * 1000;

      kill (pid, SIGTERM);
      while (g_subprocess_get_identifier (self->process) != NULL &&
             g_get_monotonic_time () < until)
        g_usleep (1000);
      if (g_subprocess_get_identifier (self->process) != NULL)
        {
          kill (-pid, SIGKILL);
          kill (pid, SIGKILL);
        }
    }
  /* This returns as soon as GLib's worker has reaped it. */
  g_subprocess_wait (self->process, NULL, NULL);
  if (self->err_fd >= 0)
    pt_engine_read_stderr (self, TRUE);

  pt_engine_close_fd (&self->in_fd);
  pt_engine_close_fd (&self->out_fd);
  pt_engine_close_fd (&self->err_fd);
  g_clear_object (&self->process);
  g_string_truncate (self->out_buf, 0);
  g_string_truncate (self->err_buf, 0);
  self->sent_new_game = FALSE;
  pt_engine_log (self, PT_ENGINE_LOG_PARTIDA, why);
}

gboolean
pt_engine_spawn (PtEngine *self,
                 GError **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) local_error = NULL;
  int in_pipe[2], out_pipe[2], err_pipe[2];
  const char *delay;

  if (!g_unix_open_pipe (in_pipe, FD_CLOEXEC, &local_error))
    goto fail;
  if (!g_unix_open_pipe (out_pipe, FD_CLOEXEC, &local_error))
    {
      close (in_pipe[0]);
      close (in_pipe[1]);
      goto fail;
    }
  if (!g_unix_open_pipe (err_pipe, FD_CLOEXEC, &local_error))
    {
      close (in_pipe[0]);
      close (in_pipe[1]);
      close (out_pipe[0]);
      close (out_pipe[1]);
      goto fail;
    }

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_subprocess_launcher_take_stdin_fd (launcher, in_pipe[0]);
  g_subprocess_launcher_take_stdout_fd (launcher, out_pipe[1]);
  g_subprocess_launcher_take_stderr_fd (launcher, err_pipe[1]);
  /* PARTIDA_TEST_REAPER_DELAY_MS: for the tests of the reaper's start only. */
  delay = g_getenv ("PARTIDA_TEST_REAPER_DELAY_MS");
  g_subprocess_launcher_set_child_setup (launcher, child_setup,
                                         GUINT_TO_POINTER (delay ? (guint) CLAMP (g_ascii_strtoll (delay, NULL, 10), 0, 1000) : 0),
                                         NULL);
  self->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) self->argv,
                                                &local_error);
  /* Closes the child's ends in this process. */
  g_clear_object (&launcher);
  if (self->process == NULL)
    {
      close (in_pipe[1]);
      close (out_pipe[0]);
      close (err_pipe[0]);
      goto fail;
    }

  self->in_fd = in_pipe[1];
  self->out_fd = out_pipe[0];
  self->err_fd = err_pipe[0];
  g_unix_set_fd_nonblocking (self->in_fd, TRUE, NULL);
  g_unix_set_fd_nonblocking (self->out_fd, TRUE, NULL);
  g_unix_set_fd_nonblocking (self->err_fd, TRUE, NULL);
  {
    g_autofree char *line = g_strdup_printf ("started %s (pid %s)", self->command,
                                             g_subprocess_get_identifier (self->process));
    pt_engine_log (self, PT_ENGINE_LOG_PARTIDA, line);
  }
  return TRUE;

fail:
  g_set_error (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_SPAWN,
               /* Translators: %s is a command line, then an error message */
               _("Could not start the engine “%s”: %s"), self->command, local_error->message);
  return FALSE;
}

/* Move complete stderr lines into the log; @flush: the rest too. */
static void
split_stderr (PtEngine *self,
              gboolean flush)
{
  char *newline;

  while ((newline = memchr (self->err_buf->str, '\n', self->err_buf->len)) != NULL)
    {
      gsize len = (gsize) (newline - self->err_buf->str);
      g_autofree char *line = g_strndup (self->err_buf->str, MIN (len, MAX_ERR_LINE));

      pt_engine_log (self, PT_ENGINE_LOG_STDERR, g_strchomp (line));
      g_string_erase (self->err_buf, 0, (gssize) len + 1);
    }
  if (self->err_buf->len > MAX_ERR_LINE || (flush && self->err_buf->len > 0))
    {
      g_autofree char *line = g_strndup (self->err_buf->str, MIN (self->err_buf->len, MAX_ERR_LINE));

      pt_engine_log (self, PT_ENGINE_LOG_STDERR, line);
      g_string_truncate (self->err_buf, 0);
    }
}

/* Read what stderr has now (never blocks). */
void
pt_engine_read_stderr (PtEngine *self,
                       gboolean flush)
{
  char buffer[4096];

  while (self->err_fd >= 0)
    {
      ssize_t n = read (self->err_fd, buffer, sizeof buffer);

      if (n > 0)
        {
          g_string_append_len (self->err_buf, buffer, n);
          split_stderr (self, FALSE);
          continue;
        }
      if (n < 0 && errno == EINTR)
        continue;
      if (n == 0)
        pt_engine_close_fd (&self->err_fd);
      break;
    }
  if (flush)
    split_stderr (self, TRUE);
}

/* The engine closed its stdout (or its stdin broke): wait a moment for
 * its exit status to say why, then clean up. */
static void
engine_lost (PtEngine *self,
             GError **error)
{
  g_autofree char *reason = NULL;
  gint64 until = g_get_monotonic_time () + EXIT_WAIT_MS * 1000;

  while (g_subprocess_get_identifier (self->process) != NULL &&
         g_get_monotonic_time () < until)
    g_usleep (2000);
  if (g_subprocess_get_identifier (self->process) == NULL)
    reason = describe_exit (self->process);
  else
    reason = g_strdup (_("The engine closed its output"));
  g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_CRASHED, reason);
  pt_engine_kill (self, reason);
}

static gboolean
check_cancelled (PtEngine *self,
                 GCancellable *cancellable,
                 GError **error)
{
  if (!g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  pt_engine_kill (self, "cancelled; stopped the engine");
  return TRUE;
}

static void
fail_timeout (PtEngine *self,
              const char *what,
              GError **error)
{
  /* Translators: %s says what Partida was waiting for, e.g. "a move" */
  g_autofree char *message = g_strdup_printf (_("The engine did not answer in time (waiting for %s)"),
                                                 what);

  g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_TIMEOUT, message);
  pt_engine_kill (self, message);
}

/* Wait until one of our fds is ready or the deadline passes. Returns
 * FALSE (and stops the engine) on timeout or cancellation. */
static gboolean
wait_ready (PtEngine *self,
            gboolean want_write,
            gint64 deadline,
            const char *what,
            GCancellable *cancellable,
            gboolean *out_ready,
            GError **error)
{
  struct pollfd fds[3];
  GPollFD cancel_fd = { -1, 0, 0 };
  nfds_t n = 0;
  gint64 now = g_get_monotonic_time ();
  int timeout, ret;

  if (check_cancelled (self, cancellable, error))
    return FALSE;
  if (now >= deadline)
    {
      fail_timeout (self, what, error);
      return FALSE;
    }

  fds[n].fd = want_write ? self->in_fd : self->out_fd;
  fds[n++].events = want_write ? POLLOUT : POLLIN;
  if (self->err_fd >= 0)
    {
      fds[n].fd = self->err_fd;
      fds[n++].events = POLLIN;
    }
  if (cancellable != NULL && g_cancellable_make_pollfd (cancellable, &cancel_fd))
    {
      fds[n].fd = cancel_fd.fd;
      fds[n++].events = POLLIN;
    }
  timeout = (int) MIN ((deadline - now + 999) / 1000, G_MAXINT);
  do
    ret = poll (fds, n, timeout);
  while (ret < 0 && errno == EINTR);
  if (cancel_fd.fd >= 0)
    g_cancellable_release_fd (cancellable);

  if (self->err_fd >= 0 && fds[1].revents != 0)
    pt_engine_read_stderr (self, FALSE);
  *out_ready = ret > 0 && fds[0].revents != 0;
  return TRUE;
}

gboolean
pt_engine_write_line (PtEngine *self,
                      const char *line,
                      gint64 deadline,
                      GCancellable *cancellable,
                      GError **error)
{
  g_autofree char *data = g_strconcat (line, "\n", NULL);
  gsize len = strlen (data), done = 0;

  if (self->process == NULL)
    {
      g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_CRASHED,
                           _("The engine is not running"));
      return FALSE;
    }
  pt_engine_log (self, PT_ENGINE_LOG_SENT, line);
  while (done < len)
    {
      ssize_t n = write (self->in_fd, data + done, len - done);
      gboolean ready;

      if (n > 0)
        {
          done += (gsize) n;
          continue;
        }
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
        {
          /* EPIPE: it closed its stdin, probably by exiting. */
          engine_lost (self, error);
          return FALSE;
        }
      if (!wait_ready (self, TRUE, deadline, _("the engine to read its input"), cancellable, &ready, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
pt_engine_fail_malformed (PtEngine *self,
                          const char *reason,
                          const char *line,
                          GError **error)
{
  g_autofree char *shown = g_utf8_make_valid (line, MIN (strlen (line), 200));
  /* Translators: %s is a reason, then the line the engine printed */
  g_autofree char *message = g_strdup_printf (_("The engine sent something that is not a protocol message (%s): %s"),
                                                 reason, shown);

  g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_MALFORMED, message);
  pt_engine_kill (self, message);
  return FALSE;
}

/* One line (@length bytes, without its newline) → a message object with a
 * string "type", or an error. Every check comes before json-glib parses
 * it: pt_json_parse_data() refuses NUL bytes, invalid UTF-8, oversized
 * lines and nesting deeper than PT_JSON_MAX_DEPTH. */
JsonObject *
pt_engine_parse_message (PtEngine *self,
                         const char *line,
                         gsize length,
                         GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;

  if (memchr (line, '\0', length) != NULL)
    {
      pt_engine_fail_malformed (self, _("it holds a NUL byte"), line, error);
      return NULL;
    }
  if (!g_utf8_validate_len (line, length, NULL))
    {
      pt_engine_fail_malformed (self, _("not UTF-8"), line, error);
      return NULL;
    }
  root = pt_json_parse_data (line, (gssize) length, MAX_LINE, &local_error);
  if (root == NULL)
    {
      pt_engine_fail_malformed (self, local_error->message, line, error);
      return NULL;
    }
  object = pt_json_get_object (root);
  if (object == NULL)
    {
      pt_engine_fail_malformed (self, _("not a JSON object"), line, error);
      return NULL;
    }
  if (pt_json_get_string (json_object_get_member (object, "type")) == NULL)
    {
      pt_engine_fail_malformed (self, _("no \"type\""), line, error);
      return NULL;
    }
  return json_object_ref (object);
}

/* The next protocol message that is not a "log" line. */
JsonObject *
pt_engine_read_message (PtEngine *self,
                        gint64 deadline,
                        const char *what,
                        GCancellable *cancellable,
                        GError **error)
{
  while (TRUE)
    {
      char *newline;
      char buffer[16384];
      ssize_t n;

      if (self->process == NULL)
        {
          g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_CRASHED,
                               _("The engine is not running"));
          return NULL;
        }

      newline = memchr (self->out_buf->str, '\n', self->out_buf->len);
      if (newline != NULL)
        {
          gsize len = (gsize) (newline - self->out_buf->str);
          g_autofree char *line = g_malloc (len + 1);
          g_autoptr(JsonObject) message = NULL;

          /* Copied with any NUL bytes, for parse_message to refuse. */
          memcpy (line, self->out_buf->str, len);
          line[len] = '\0';
          g_string_erase (self->out_buf, 0, (gssize) len + 1);
          while (len > 0 && g_ascii_isspace (line[len - 1])) /* also "\r\n" */
            line[--len] = '\0';
          if (len == 0)
            continue;
          message = pt_engine_parse_message (self, line, len, error);
          if (message == NULL)
            return NULL;
          if (g_strcmp0 (json_object_get_string_member (message, "type"), "log") == 0)
            {
              const char *text = pt_json_get_string (json_object_get_member (message, "message"));

              pt_engine_log (self, PT_ENGINE_LOG_MESSAGE, text != NULL ? text : "");
              continue;
            }
          pt_engine_log (self, PT_ENGINE_LOG_RECEIVED, line);
          return g_steal_pointer (&message);
        }
      if (self->out_buf->len > MAX_LINE)
        {
          self->out_buf->str[200] = '\0';
          pt_engine_fail_malformed (self, _("line too long"), self->out_buf->str, error);
          return NULL;
        }

      n = read (self->out_fd, buffer, sizeof buffer);
      if (n > 0)
        {
          g_string_append_len (self->out_buf, buffer, n);
          continue;
        }
      if (n < 0 && errno == EINTR)
        continue;
      if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
        {
          engine_lost (self, error);
          return NULL;
        }
      {
        gboolean ready;

        if (!wait_ready (self, FALSE, deadline, what, cancellable, &ready, error))
          return NULL;
      }
    }
}
