/* pt-engine.c — an external computer player; see the header and
 * docs/engine-protocol.md
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

#include "pt-engine.h"
#include "pt-engine-private.h"
#include "pt-record.h"

/* A protocol line longer than this is garbage (a real view is a few KiB). */
#define MAX_LINE       (4 * 1024 * 1024)
/* stderr lines are cut here for the log. */
#define MAX_ERR_LINE   4096
/* Lines kept for the debug view. */
#define MAX_LOG_LINES  500
/* How long we wait for an exited engine to be reaped (for its status). */
#define EXIT_WAIT_MS   200
/* How long the reaper may take to kill and reap everything on SIGTERM
 * before Partida kills it (and the engine's process group) itself. */
#define REAPER_WAIT_MS 2000

struct _PtEngine
{
  GObject       parent_instance;

  char         *command;
  char        **argv;
  guint         move_time;
  guint         handshake_time;

  /* The thread that created the engine and its main context, where "log"
   * is emitted. */
  GThread      *owner;
  GMainContext *context;

  /* The process: touched only by the thread running the current request
   * (requests never overlap: see busy). */
  GSubprocess  *process;
  int           in_fd;     /* the engine's stdin (we write) */
  int           out_fd;    /* its stdout (we read) */
  int           err_fd;    /* its stderr (we read) */
  GString      *out_buf;
  GString      *err_buf;
  gboolean      sent_new_game;

  /* From the handshake. */
  char         *name;
  char         *author;
  char        **games;
  JsonNode     *options;

  /* name → JsonNode, replayed after every start. */
  GHashTable   *set_options;

  /* The game of the last request (caller thread only; weak) and its
   * "new_game" line. */
  PtGame       *game;
  char         *new_game_line;

  int           busy;      /* atomic */

  GMutex        log_lock;
  GQueue        log;
};

G_DEFINE_FINAL_TYPE (PtEngine, pt_engine, G_TYPE_OBJECT)

G_DEFINE_QUARK (pt-engine-error-quark, pt_engine_error)

enum
{
  PROP_0,
  PROP_COMMAND,
  PROP_MOVE_TIME,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_LOG,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const log_prefixes[] = { "> ", "< ", "log: ", "stderr: ", "-- " };

gboolean
pt_engine_spec_parse (const char  *spec,
                      char       **command)
{
  if (spec == NULL || !g_str_has_prefix (spec, PT_ENGINE_SPEC_PREFIX))
    return FALSE;
  if (command != NULL)
    *command = g_strstrip (g_strdup (spec + strlen (PT_ENGINE_SPEC_PREFIX)));
  return TRUE;
}

/* ---- the debug log ---------------------------------------------------- */

typedef struct
{
  GWeakRef        engine;
  PtEngineLogKind kind;
  char           *line;
} LogEmission;

static gboolean
emit_log_idle (gpointer data)
{
  LogEmission *emission = data;
  g_autoptr(PtEngine) self = g_weak_ref_get (&emission->engine);

  if (self != NULL)
    g_signal_emit (self, signals[SIGNAL_LOG], 0, emission->kind, emission->line);
  return G_SOURCE_REMOVE;
}

static void
log_emission_free (gpointer data)
{
  LogEmission *emission = data;

  g_weak_ref_clear (&emission->engine);
  g_free (emission->line);
  g_free (emission);
}

static void
engine_log (PtEngine        *self,
            PtEngineLogKind  kind,
            const char      *line)
{
  g_mutex_lock (&self->log_lock);
  g_queue_push_tail (&self->log, g_strconcat (log_prefixes[kind], line, NULL));
  while (self->log.length > MAX_LOG_LINES)
    g_free (g_queue_pop_head (&self->log));
  g_mutex_unlock (&self->log_lock);

  if (g_thread_self () == self->owner)
    g_signal_emit (self, signals[SIGNAL_LOG], 0, kind, line);
  else
    {
      /* A weak reference: a main context that never runs again (a CLI)
       * must not keep the engine, and so its process, alive. */
      LogEmission *emission = g_new0 (LogEmission, 1);
      g_autoptr(GSource) source = g_idle_source_new ();

      g_weak_ref_init (&emission->engine, self);
      emission->kind = kind;
      emission->line = g_strdup (line);
      g_source_set_callback (source, emit_log_idle, emission, log_emission_free);
      g_source_attach (source, self->context);
    }
}

char **
pt_engine_dup_log (PtEngine *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **lines;

  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);

  g_mutex_lock (&self->log_lock);
  for (GList *l = self->log.head; l != NULL; l = l->next)
    g_strv_builder_add (builder, l->data);
  g_mutex_unlock (&self->log_lock);
  lines = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return lines;
}

/* ---- the process ------------------------------------------------------ */

static void
close_fd (int *fd)
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
reaper_children (pid_t  self,
                 pid_t *pids,
                 int    max)
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
  action.sa_handler = reaper_on_signal;     /* no SA_RESTART: waitpid returns */
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

static void read_stderr (PtEngine *self, gboolean flush);

/* Kill the whole process group, reap the engine, close everything. Safe
 * when nothing runs. */
static void
engine_kill (PtEngine   *self,
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
    read_stderr (self, TRUE);

  close_fd (&self->in_fd);
  close_fd (&self->out_fd);
  close_fd (&self->err_fd);
  g_clear_object (&self->process);
  g_string_truncate (self->out_buf, 0);
  g_string_truncate (self->err_buf, 0);
  self->sent_new_game = FALSE;
  engine_log (self, PT_ENGINE_LOG_PARTIDA, why);
}

static gboolean
engine_spawn (PtEngine  *self,
              GError   **error)
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
  self->process = g_subprocess_launcher_spawnv (launcher, (const char * const *) self->argv,
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
    engine_log (self, PT_ENGINE_LOG_PARTIDA, line);
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
              gboolean  flush)
{
  char *newline;

  while ((newline = memchr (self->err_buf->str, '\n', self->err_buf->len)) != NULL)
    {
      gsize len = (gsize) (newline - self->err_buf->str);
      g_autofree char *line = g_strndup (self->err_buf->str, MIN (len, MAX_ERR_LINE));

      engine_log (self, PT_ENGINE_LOG_STDERR, g_strchomp (line));
      g_string_erase (self->err_buf, 0, (gssize) len + 1);
    }
  if (self->err_buf->len > MAX_ERR_LINE || (flush && self->err_buf->len > 0))
    {
      g_autofree char *line = g_strndup (self->err_buf->str, MIN (self->err_buf->len, MAX_ERR_LINE));

      engine_log (self, PT_ENGINE_LOG_STDERR, line);
      g_string_truncate (self->err_buf, 0);
    }
}

/* Read what stderr has now (never blocks). */
static void
read_stderr (PtEngine *self,
             gboolean  flush)
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
        close_fd (&self->err_fd);
      break;
    }
  if (flush)
    split_stderr (self, TRUE);
}

/* The engine closed its stdout (or its stdin broke): wait a moment for
 * its exit status to say why, then clean up. */
static void
engine_lost (PtEngine  *self,
             GError   **error)
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
  engine_kill (self, reason);
}

static gboolean
check_cancelled (PtEngine      *self,
                 GCancellable  *cancellable,
                 GError       **error)
{
  if (!g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  engine_kill (self, "cancelled; stopped the engine");
  return TRUE;
}

static void
fail_timeout (PtEngine    *self,
              const char  *what,
              GError     **error)
{
  /* Translators: %s says what Partida was waiting for, e.g. "a move" */
  g_autofree char *message = g_strdup_printf (_("The engine did not answer in time (waiting for %s)"),
                                              what);

  g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_TIMEOUT, message);
  engine_kill (self, message);
}

/* Wait until one of our fds is ready or the deadline passes. Returns
 * FALSE (and stops the engine) on timeout or cancellation. */
static gboolean
wait_ready (PtEngine      *self,
            gboolean       want_write,
            gint64         deadline,
            const char    *what,
            GCancellable  *cancellable,
            gboolean      *out_ready,
            GError       **error)
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
    read_stderr (self, FALSE);
  *out_ready = ret > 0 && fds[0].revents != 0;
  return TRUE;
}

static gboolean
write_line (PtEngine      *self,
            const char    *line,
            gint64         deadline,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autofree char *data = g_strconcat (line, "\n", NULL);
  gsize len = strlen (data), done = 0;

  if (self->process == NULL)
    {
      g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_CRASHED,
                           _("The engine is not running"));
      return FALSE;
    }
  engine_log (self, PT_ENGINE_LOG_SENT, line);
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
      if (!wait_ready (self, TRUE, deadline, _("the engine to read its input"),
                       cancellable, &ready, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
fail_malformed (PtEngine    *self,
                const char  *reason,
                const char  *line,
                GError     **error)
{
  g_autofree char *shown = g_utf8_make_valid (line, MIN (strlen (line), 200));
  /* Translators: %s is a reason, then the line the engine printed */
  g_autofree char *message = g_strdup_printf (_("The engine sent something that is not a protocol message (%s): %s"),
                                              reason, shown);

  g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_MALFORMED, message);
  engine_kill (self, message);
  return FALSE;
}

/* One line (@length bytes, without its newline) → a message object with a
 * string "type", or an error. Every check comes before json-glib parses
 * it: pt_json_parse_data() refuses NUL bytes, invalid UTF-8, oversized
 * lines and nesting deeper than PT_JSON_MAX_DEPTH. */
static JsonObject *
parse_message (PtEngine    *self,
               const char  *line,
               gsize        length,
               GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;

  if (memchr (line, '\0', length) != NULL)
    {
      fail_malformed (self, _("it holds a NUL byte"), line, error);
      return NULL;
    }
  if (!g_utf8_validate_len (line, length, NULL))
    {
      fail_malformed (self, _("not UTF-8"), line, error);
      return NULL;
    }
  root = pt_json_parse_data (line, (gssize) length, MAX_LINE, &local_error);
  if (root == NULL)
    {
      fail_malformed (self, local_error->message, line, error);
      return NULL;
    }
  object = pt_json_get_object (root);
  if (object == NULL)
    {
      fail_malformed (self, _("not a JSON object"), line, error);
      return NULL;
    }
  if (pt_json_get_string (json_object_get_member (object, "type")) == NULL)
    {
      fail_malformed (self, _("no \"type\""), line, error);
      return NULL;
    }
  return json_object_ref (object);
}

/* The next protocol message that is not a "log" line. */
static JsonObject *
read_message (PtEngine      *self,
              gint64         deadline,
              const char    *what,
              GCancellable  *cancellable,
              GError       **error)
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
          while (len > 0 && g_ascii_isspace (line[len - 1]))    /* also "\r\n" */
            line[--len] = '\0';
          if (len == 0)
            continue;
          message = parse_message (self, line, len, error);
          if (message == NULL)
            return NULL;
          if (g_strcmp0 (json_object_get_string_member (message, "type"), "log") == 0)
            {
              const char *text = pt_json_get_string (json_object_get_member (message, "message"));

              engine_log (self, PT_ENGINE_LOG_MESSAGE, text != NULL ? text : "");
              continue;
            }
          engine_log (self, PT_ENGINE_LOG_RECEIVED, line);
          return g_steal_pointer (&message);
        }
      if (self->out_buf->len > MAX_LINE)
        {
          self->out_buf->str[200] = '\0';
          fail_malformed (self, _("line too long"), self->out_buf->str, error);
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

static char *
node_to_line (JsonNode *node)
{
  return json_to_string (node, FALSE);
}

static char *
object_to_line (JsonObject *object)
{
  g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), object);

  return node_to_line (node);
}

/* ---- handshake -------------------------------------------------------- */

static gboolean
fail_handshake (PtEngine    *self,
                const char  *reason,
                GError     **error)
{
  /* Translators: %s is the reason */
  g_autofree char *message = g_strdup_printf (_("The engine’s handshake is wrong: %s"), reason);

  g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_HANDSHAKE, message);
  engine_kill (self, message);
  return FALSE;
}

static gboolean
parse_hello (PtEngine    *self,
             JsonObject  *hello,
             GError     **error)
{
  JsonNode *games = json_object_get_member (hello, "games");
  JsonNode *options = json_object_get_member (hello, "options");
  JsonNode *author = json_object_get_member (hello, "author");
  const char *name;
  g_autoptr(GStrvBuilder) builder = NULL;

  if (g_strcmp0 (json_object_get_string_member (hello, "type"), "hello") != 0)
    return fail_handshake (self, _("the first message must be “hello”"), error);
  if (g_strcmp0 (pt_json_get_string (json_object_get_member (hello, "protocol")),
                 PT_ENGINE_PROTOCOL) != 0)
    {
      /* Translators: %s is the protocol's name, partida-engine/1 */
      g_autofree char *reason = g_strdup_printf (_("it does not speak %s"), PT_ENGINE_PROTOCOL);

      return fail_handshake (self, reason, error);
    }
  name = pt_json_get_string (json_object_get_member (hello, "name"));
  if (name == NULL || *name == '\0')
    return fail_handshake (self, _("it has no name"), error);
  if (g_utf8_strlen (name, -1) > PT_ENGINE_MAX_NAME)
    return fail_handshake (self, _("its name is too long"), error);
  if (author != NULL && pt_json_get_string (author) != NULL &&
      g_utf8_strlen (pt_json_get_string (author), -1) > PT_ENGINE_MAX_NAME)
    return fail_handshake (self, _("its author’s name is too long"), error);
  if (author != NULL && json_node_get_value_type (author) != G_TYPE_STRING)
    return fail_handshake (self, _("“author” is not a string"), error);
  if (games == NULL || !JSON_NODE_HOLDS_ARRAY (games) ||
      json_array_get_length (json_node_get_array (games)) == 0)
    return fail_handshake (self, _("it lists no games"), error);
  if (options != NULL && !JSON_NODE_HOLDS_ARRAY (options))
    return fail_handshake (self, _("“options” is not an array"), error);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (json_node_get_array (games)); i++)
    {
      JsonNode *game = json_array_get_element (json_node_get_array (games), i);

      if (json_node_get_value_type (game) != G_TYPE_STRING)
        return fail_handshake (self, _("“games” must list game ids"), error);
      g_strv_builder_add (builder, json_node_get_string (game));
    }

  g_free (self->name);
  self->name = g_strdup (name);
  g_free (self->author);
  self->author = g_strdup (author != NULL ? json_node_get_string (author) : "");
  g_strfreev (self->games);
  self->games = g_strv_builder_end (builder);
  g_clear_pointer (&self->options, json_node_unref);
  /* (json_node_init_array() would take a second reference on a new
   * array: a leak per handshake, found by fuzzing.) */
  self->options = options != NULL ? json_node_copy (options) : pt_json_node_new_array (json_array_new ());
  return TRUE;
}

static char *
set_option_line (const char *name,
                 JsonNode   *value)
{
  g_autoptr(JsonObject) message = json_object_new ();

  json_object_set_string_member (message, "type", "set_option");
  json_object_set_string_member (message, "name", name);
  json_object_set_member (message, "value", json_node_copy (value));
  return object_to_line (message);
}

/* Runs in whichever thread serves the request. */
static gboolean
engine_start (PtEngine      *self,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr(JsonObject) hello = json_object_new ();
  g_autoptr(JsonObject) answer = NULL;
  g_autofree char *line = NULL;
  gint64 deadline;
  GHashTableIter iter;
  gpointer key, value;

  if (self->process != NULL)
    return TRUE;
  if (!engine_spawn (self, error))
    return FALSE;

  deadline = g_get_monotonic_time () + (gint64) self->handshake_time * 1000;
  json_object_set_string_member (hello, "type", "hello");
  json_object_set_string_member (hello, "protocol", PT_ENGINE_PROTOCOL);
  json_object_set_string_member (hello, "partida", PACKAGE_VERSION);
  line = object_to_line (hello);
  if (!write_line (self, line, deadline, cancellable, error))
    return FALSE;
  answer = read_message (self, deadline, _("the handshake"), cancellable, error);
  if (answer == NULL)
    {
      /* Whatever went wrong, it went wrong during the handshake. */
      if (error != NULL && *error != NULL && (*error)->domain == PT_ENGINE_ERROR)
        (*error)->code = PT_ENGINE_ERROR_HANDSHAKE;
      return FALSE;
    }
  if (!parse_hello (self, answer, error))
    return FALSE;

  g_hash_table_iter_init (&iter, self->set_options);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_autofree char *option = set_option_line (key, value);

      if (!write_line (self, option, deadline, cancellable, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
acquire (PtEngine  *self,
         GError   **error)
{
  if (!g_atomic_int_compare_and_exchange (&self->busy, 0, 1))
    {
      g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_BUSY,
                           _("The engine is still busy with another request"));
      return FALSE;
    }
  return TRUE;
}

static void
release (PtEngine *self)
{
  g_atomic_int_set (&self->busy, 0);
}

gboolean
pt_engine_start (PtEngine      *self,
                 GCancellable  *cancellable,
                 GError       **error)
{
  gboolean ok;

  g_return_val_if_fail (PT_IS_ENGINE (self), FALSE);

  if (!acquire (self, error))
    return FALSE;
  ok = engine_start (self, cancellable, error);
  release (self);
  if (ok)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  return ok;
}

static void
start_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  PtEngine *self = source_object;
  GError *error = NULL;

  gboolean ok = engine_start (self, cancellable, &error);

  release (self);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
pt_engine_start_async (PtEngine            *self,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;

  g_return_if_fail (PT_IS_ENGINE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, pt_engine_start_async);
  if (!acquire (self, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_run_in_thread (task, start_thread);
}

gboolean
pt_engine_start_finish (PtEngine      *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_had_error (G_TASK (result)))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
pt_engine_is_running (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), FALSE);

  return self->process != NULL;
}

void
pt_engine_stop (PtEngine *self)
{
  g_return_if_fail (PT_IS_ENGINE (self));

  if (self->process == NULL)
    return;
  if (self->in_fd >= 0)
    {
      static const char quit[] = "{\"type\":\"quit\"}\n";
      gint64 until;

      engine_log (self, PT_ENGINE_LOG_SENT, "{\"type\":\"quit\"}");
      /* Best effort: a full pipe or a dead engine just gets killed. */
      if (write (self->in_fd, quit, sizeof quit - 1) > 0)
        {
          close_fd (&self->in_fd);
          until = g_get_monotonic_time () + PT_ENGINE_QUIT_TIME * 1000;
          while (g_subprocess_get_identifier (self->process) != NULL &&
                 g_get_monotonic_time () < until)
            {
              read_stderr (self, FALSE);
              g_usleep (2000);
            }
        }
    }
  engine_kill (self, "stopped");
}

/* ---- moves ------------------------------------------------------------ */

static char *
new_game_line (PtGame *game,
               guint   seat)
{
  g_autoptr(JsonObject) message = json_object_new ();
  g_autoptr(JsonNode) record = pt_game_to_record (game);
  JsonObject *record_object = json_node_get_object (record);
  JsonArray *players = json_array_new ();

  json_object_set_string_member (message, "type", "new_game");
  json_object_set_string_member (message, "game", pt_game_get_game_id (game));
  for (guint p = 0; p < pt_game_get_n_players (game); p++)
    json_array_add_string_element (players, pt_game_get_player_name (game, p));
  json_object_set_array_member (message, "players", players);
  json_object_set_int_member (message, "seat", seat);
  /* Only the options: the record's setup is the deal, hidden. */
  if (json_object_has_member (record_object, "options"))
    json_object_set_member (message, "options",
                            json_node_copy (json_object_get_member (record_object, "options")));
  return object_to_line (message);
}

typedef struct
{
  char     *game_id;
  char     *new_game_line;
  char     *move_line;
  JsonNode *legal;
  guint     move_time;
} MoveRequest;

static void
move_request_free (MoveRequest *request)
{
  g_free (request->game_id);
  g_free (request->new_game_line);
  g_free (request->move_line);
  json_node_unref (request->legal);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MoveRequest, move_request_free)

/* On the caller's thread: everything the request needs from @game. */
static MoveRequest *
move_request_new (PtEngine  *self,
                  PtGame    *game,
                  guint      player,
                  GError   **error)
{
  g_autoptr(JsonObject) message = json_object_new ();
  MoveRequest *request;
  JsonNode *legal;
  const char *game_id = pt_game_get_game_id (game);

  if (pt_game_get_is_over (game) || pt_game_get_current_player (game) != (int) player)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("It is not player %u’s turn"), player + 1);
      return NULL;
    }
  legal = pt_game_list_legal_moves (game, player);
  if (legal == NULL || json_array_get_length (json_node_get_array (legal)) == 0)
    {
      g_clear_pointer (&legal, json_node_unref);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Player %u has no move to make"), player + 1);
      return NULL;
    }
  if (self->games != NULL && !pt_engine_plays (self, game_id))
    {
      json_node_unref (legal);
      g_set_error (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_UNSUPPORTED_GAME,
                   /* Translators: %s is an engine name, then a game id */
                   _("The engine “%s” does not play %s"), self->name, game_id);
      return NULL;
    }

  if (self->game != game)
    {
      g_set_weak_pointer (&self->game, game);
      g_free (self->new_game_line);
      self->new_game_line = new_game_line (game, player);
      self->sent_new_game = FALSE;
    }

  json_object_set_string_member (message, "type", "move");
  json_object_set_string_member (message, "game", game_id);
  json_object_set_int_member (message, "player", player);
  json_object_set_int_member (message, "move_number", pt_game_get_n_moves (game));
  json_object_set_int_member (message, "time_left_ms", self->move_time);
  json_object_set_member (message, "view", pt_game_get_view (game, (int) player));
  json_object_set_member (message, "legal", json_node_copy (legal));

  request = g_new0 (MoveRequest, 1);
  request->game_id = g_strdup (game_id);
  request->new_game_line = g_strdup (self->new_game_line);
  request->move_line = object_to_line (message);
  request->legal = legal;
  request->move_time = self->move_time;
  return request;
}

static gboolean
is_legal (JsonNode *legal,
          JsonNode *move)
{
  JsonArray *moves = json_node_get_array (legal);

  for (guint i = 0; i < json_array_get_length (moves); i++)
    if (json_node_equal (json_array_get_element (moves, i), move))
      return TRUE;
  return FALSE;
}

/* The engine's answer to a "move" request → a copy of its legal move. */
static JsonNode *
check_move_answer (PtEngine    *self,
                   JsonObject  *answer,
                   JsonNode    *legal,
                   GError     **error)
{
  JsonNode *move = json_object_get_member (answer, "move");

  if (g_strcmp0 (json_object_get_string_member (answer, "type"), "move") != 0 || move == NULL)
    {
      g_autofree char *line = object_to_line (answer);

      fail_malformed (self, _("expected a move"), line, error);
      return NULL;
    }
  if (!is_legal (legal, move))
    {
      g_autofree char *text = node_to_line (move);
      g_autofree char *shown = g_utf8_make_valid (text, MIN (strlen (text), 200));
      /* Translators: %s is the move in JSON */
      g_autofree char *message = g_strdup_printf (_("The engine answered an illegal move: %s"), shown);

      g_set_error_literal (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_ILLEGAL_MOVE, message);
      engine_kill (self, message);
      return NULL;
    }
  return json_node_copy (move);
}

gboolean
pt_engine_check_line (PtEngine    *self,
                      const char  *data,
                      gsize        length,
                      JsonNode    *legal,
                      GError     **error)
{
  g_autofree char *line = NULL;
  g_autoptr(JsonObject) message = NULL;
  g_autoptr(JsonNode) move = NULL;

  g_return_val_if_fail (PT_IS_ENGINE (self), FALSE);

  if (length > MAX_LINE)
    {
      g_autofree char *start = g_strndup (data, 200);

      return fail_malformed (self, _("line too long"), start, error);
    }
  line = g_malloc (length + 1);
  memcpy (line, data, length);
  line[length] = '\0';
  message = parse_message (self, line, length, error);
  if (message == NULL)
    return FALSE;
  if (g_strcmp0 (json_object_get_string_member (message, "type"), "log") == 0)
    return TRUE;
  if (legal == NULL)
    return parse_hello (self, message, error);
  move = check_move_answer (self, message, legal, error);
  return move != NULL;
}

/* In whichever thread serves the request. */
static JsonNode *
move_request_run (PtEngine      *self,
                  MoveRequest   *request,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(JsonObject) answer = NULL;
  gint64 deadline;

  if (!engine_start (self, cancellable, error))
    return NULL;
  if (!pt_engine_plays (self, request->game_id))
    {
      g_set_error (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_UNSUPPORTED_GAME,
                   _("The engine “%s” does not play %s"), self->name, request->game_id);
      return NULL;
    }

  /* The clock starts when the request is sent. */
  deadline = g_get_monotonic_time () + ((gint64) request->move_time + PT_ENGINE_GRACE_TIME) * 1000;
  if (!self->sent_new_game)
    {
      if (!write_line (self, request->new_game_line, deadline, cancellable, error))
        return NULL;
      self->sent_new_game = TRUE;
    }
  if (!write_line (self, request->move_line, deadline, cancellable, error))
    return NULL;
  answer = read_message (self, deadline, _("a move"), cancellable, error);
  if (answer == NULL)
    return NULL;
  return check_move_answer (self, answer, request->legal, error);
}

JsonNode *
pt_engine_choose_move (PtEngine      *self,
                       PtGame        *game,
                       guint          player,
                       GCancellable  *cancellable,
                       GError       **error)
{
  g_autoptr(MoveRequest) request = NULL;
  JsonNode *move;

  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  g_return_val_if_fail (PT_IS_GAME (game), NULL);

  if (!acquire (self, error))
    return NULL;
  request = move_request_new (self, game, player, error);
  move = request != NULL ? move_request_run (self, request, cancellable, error) : NULL;
  release (self);
  return move;
}

static void
choose_move_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  GError *error = NULL;
  JsonNode *move = move_request_run (source_object, task_data, cancellable, &error);

  /* Released before the result is dispatched, so its callback may ask
   * for the next move right away. */
  release (source_object);
  if (move != NULL)
    g_task_return_pointer (task, move, (GDestroyNotify) json_node_unref);
  else
    g_task_return_error (task, error);
}

void
pt_engine_choose_move_async (PtEngine            *self,
                             PtGame              *game,
                             guint                player,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  MoveRequest *request;
  GError *error = NULL;

  g_return_if_fail (PT_IS_ENGINE (self));
  g_return_if_fail (PT_IS_GAME (game));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, pt_engine_choose_move_async);
  if (!acquire (self, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  request = move_request_new (self, game, player, &error);
  if (request == NULL)
    {
      release (self);
      g_task_return_error (task, error);
      return;
    }
  g_task_set_task_data (task, request, (GDestroyNotify) move_request_free);
  g_task_run_in_thread (task, choose_move_thread);
}

JsonNode *
pt_engine_choose_move_finish (PtEngine      *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
pt_engine_game_over (PtEngine   *self,
                     PtGame     *game,
                     int         forfeit_player,
                     const char *forfeit_reason)
{
  g_autoptr(JsonObject) message = json_object_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  guint n_players = pt_game_get_n_players (game);
  int scores[PT_GAME_MAX_PLAYERS] = { 0 };
  JsonArray *score_array = json_array_new ();
  guint winners;

  g_return_if_fail (PT_IS_ENGINE (self));
  g_return_if_fail (PT_IS_GAME (game));

  json_object_set_string_member (message, "type", "game_over");
  json_object_set_string_member (message, "game", pt_game_get_game_id (game));
  pt_game_get_scores (game, scores);
  for (guint p = 0; p < n_players; p++)
    json_array_add_int_element (score_array, scores[p]);
  json_object_set_array_member (message, "scores", score_array);
  if (forfeit_reason != NULL)
    {
      JsonObject *forfeit = json_object_new ();

      json_object_set_int_member (forfeit, "player", forfeit_player);
      json_object_set_string_member (forfeit, "reason", forfeit_reason);
      json_object_set_object_member (message, "forfeit", forfeit);
      /* A forfeit: everyone else wins. */
      winners = ((1u << n_players) - 1) & ~(1u << forfeit_player);
    }
  else
    winners = pt_game_get_is_over (game) ? pt_game_get_winners (game) : 0;
  json_object_set_member (message, "winners", pt_game_winners_to_json (winners, n_players));

  if (self->game == game)
    g_clear_weak_pointer (&self->game);
  if (self->process == NULL || !self->sent_new_game || !acquire (self, NULL))
    return;
  line = object_to_line (message);
  if (!write_line (self, line, g_get_monotonic_time () + PT_ENGINE_GRACE_TIME * 1000, NULL, &error))
    engine_log (self, PT_ENGINE_LOG_PARTIDA, error->message);
  self->sent_new_game = FALSE;
  release (self);
}

/* ---- accessors -------------------------------------------------------- */

const char *
pt_engine_get_command (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->command;
}

void
pt_engine_set_move_time (PtEngine *self,
                         guint     ms)
{
  g_return_if_fail (PT_IS_ENGINE (self));

  if (self->move_time == ms)
    return;
  self->move_time = ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVE_TIME]);
}

guint
pt_engine_get_move_time (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), 0);
  return self->move_time;
}

void
pt_engine_set_handshake_time (PtEngine *self,
                              guint     ms)
{
  g_return_if_fail (PT_IS_ENGINE (self));
  self->handshake_time = ms;
}

const char *
pt_engine_get_name (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->name;
}

const char *
pt_engine_get_author (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->author;
}

const char * const *
pt_engine_get_games (PtEngine *self)
{
  static const char *const none[] = { NULL };

  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->games != NULL ? (const char * const *) self->games : none;
}

JsonNode *
pt_engine_get_options (PtEngine *self)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), NULL);
  return self->options;
}

gboolean
pt_engine_plays (PtEngine   *self,
                 const char *game_id)
{
  g_return_val_if_fail (PT_IS_ENGINE (self), FALSE);
  return self->games != NULL && g_strv_contains ((const char * const *) self->games, game_id);
}

void
pt_engine_set_option (PtEngine   *self,
                      const char *name,
                      JsonNode   *value)
{
  g_return_if_fail (PT_IS_ENGINE (self));
  g_return_if_fail (name != NULL && value != NULL);

  g_hash_table_replace (self->set_options, g_strdup (name), json_node_copy (value));
  if (self->process != NULL && acquire (self, NULL))
    {
      g_autofree char *line = set_option_line (name, value);
      g_autoptr(GError) error = NULL;

      if (!write_line (self, line, g_get_monotonic_time () + PT_ENGINE_GRACE_TIME * 1000, NULL, &error))
        engine_log (self, PT_ENGINE_LOG_PARTIDA, error->message);
      release (self);
    }
}

PtEngine *
pt_engine_new (const char  *command,
               GError     **error)
{
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) local_error = NULL;
  PtEngine *self;

  g_return_val_if_fail (command != NULL, NULL);

  if (!g_shell_parse_argv (command, NULL, &argv, &local_error))
    {
      g_set_error (error, PT_ENGINE_ERROR, PT_ENGINE_ERROR_SPAWN,
                   _("Could not start the engine “%s”: %s"), command, local_error->message);
      return NULL;
    }
  self = g_object_new (PT_TYPE_ENGINE, "command", command, NULL);
  self->argv = g_steal_pointer (&argv);
  return self;
}

static void
pt_engine_dispose (GObject *object)
{
  PtEngine *self = PT_ENGINE (object);

  pt_engine_stop (self);
  g_clear_weak_pointer (&self->game);

  G_OBJECT_CLASS (pt_engine_parent_class)->dispose (object);
}

static void
pt_engine_finalize (GObject *object)
{
  PtEngine *self = PT_ENGINE (object);

  g_free (self->command);
  g_strfreev (self->argv);
  g_string_free (self->out_buf, TRUE);
  g_string_free (self->err_buf, TRUE);
  g_free (self->name);
  g_free (self->author);
  g_strfreev (self->games);
  g_clear_pointer (&self->options, json_node_unref);
  g_hash_table_unref (self->set_options);
  g_free (self->new_game_line);
  g_main_context_unref (self->context);
  g_queue_clear_full (&self->log, g_free);
  g_mutex_clear (&self->log_lock);

  G_OBJECT_CLASS (pt_engine_parent_class)->finalize (object);
}

static void
pt_engine_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PtEngine *self = PT_ENGINE (object);

  switch (prop_id)
    {
    case PROP_COMMAND:
      g_value_set_string (value, self->command);
      break;
    case PROP_MOVE_TIME:
      g_value_set_uint (value, self->move_time);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_engine_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PtEngine *self = PT_ENGINE (object);

  switch (prop_id)
    {
    case PROP_COMMAND:
      self->command = g_value_dup_string (value);
      break;
    case PROP_MOVE_TIME:
      pt_engine_set_move_time (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pt_engine_class_init (PtEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  struct sigaction action;

  object_class->dispose = pt_engine_dispose;
  object_class->finalize = pt_engine_finalize;
  object_class->get_property = pt_engine_get_property;
  object_class->set_property = pt_engine_set_property;

  properties[PROP_COMMAND] =
    g_param_spec_string ("command", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MOVE_TIME] =
    g_param_spec_uint ("move-time", NULL, NULL, 1, G_MAXINT / 1000, PT_ENGINE_DEFAULT_MOVE_TIME,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* PtEngine::log (kind, line): a line for the debug view. */
  signals[SIGNAL_LOG] =
    g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);

  /* Writing to an engine that just died raises SIGPIPE, whose default
   * action would end Partida; we handle EPIPE instead. Only when nobody
   * installed a handler of their own. */
  if (sigaction (SIGPIPE, NULL, &action) == 0 && action.sa_handler == SIG_DFL)
    signal (SIGPIPE, SIG_IGN);
}

static void
pt_engine_init (PtEngine *self)
{
  self->move_time = PT_ENGINE_DEFAULT_MOVE_TIME;
  self->handshake_time = PT_ENGINE_DEFAULT_HANDSHAKE_TIME;
  self->owner = g_thread_self ();
  self->context = g_main_context_ref_thread_default ();
  self->in_fd = self->out_fd = self->err_fd = -1;
  self->out_buf = g_string_new (NULL);
  self->err_buf = g_string_new (NULL);
  self->set_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) json_node_unref);
  g_mutex_init (&self->log_lock);
  g_queue_init (&self->log);
}
