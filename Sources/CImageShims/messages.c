#include "CImageShims.h"

#include <CSystem.h>
#include <leptonica/allheaders.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Enough for the first messages of a decode; libraries repeat themselves (a warning per strip or per
// scanline), and a cause is in the first lines.
enum { MESSAGE_CAPACITY = 4096, MESSAGE_LIMIT = 24 };

struct dsi_messages {
    char text[MESSAGE_CAPACITY];
    size_t length;
    unsigned count;
    unsigned dropped;
    char last[256];
};

// Why thread-local: leptonica's handler is one process-wide function without a context pointer, and datascan
// decodes pages on several threads at once; each thread's decode collects only its own messages.
static _Thread_local dsi_messages *current_sink;

dsi_messages *dsi_messages_new(void) { return calloc(1, sizeof(dsi_messages)); }

void dsi_messages_free(dsi_messages *messages) { free(messages); }

const char *dsi_messages_text(const dsi_messages *messages) { return messages->text; }

unsigned dsi_messages_dropped(const dsi_messages *messages) { return messages->dropped; }

// How libraries word a failed allocation: leptonica ("pix_malloc fail for data", "calloc fail"), libtiff ("Out of
// memory"), GLib ("failed to allocate N bytes"), libjpeg ("Insufficient memory"), libpng ("Out of memory").
static int reports_exhausted_memory(const char *text) {
    static const char *const phrases[] = {"alloc fail", "ut of memory", "failed to allocate", "nsufficient memory",
                                          "Cannot allocate memory"};
    for (size_t i = 0; i < sizeof phrases / sizeof phrases[0]; i++) {
        if (strstr(text, phrases[i]) != NULL) return 1;
    }
    return 0;
}

void dsi_messages_add(dsi_messages *m, const char *library, const char *text) {
    if (text == NULL) return;
    if (reports_exhausted_memory(text)) csystem_memory_guard_note_exhausted();
    if (m == NULL) return;
    char line[512];
    int n = snprintf(line, sizeof line, "%s: %s", library, text);
    if (n < 0) return;
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == ' ')) line[--len] = '\0';
    for (size_t i = 0; i < len; i++) {
        if (line[i] == '\n' || line[i] == '\r' || line[i] == '\t') line[i] = ' ';
    }
    if (strcmp(line, m->last) == 0 || m->count >= MESSAGE_LIMIT || m->length + len + 2 > MESSAGE_CAPACITY) {
        m->dropped++;
        return;
    }
    snprintf(m->last, sizeof m->last, "%s", line);
    if (m->length > 0) m->text[m->length++] = '\n';
    memcpy(m->text + m->length, line, len + 1);
    m->length += len;
    m->count++;
}

dsi_messages *dsi_messages_current(void) { return current_sink; }

dsi_messages *dsi_messages_redirect(dsi_messages *messages) {
    dsi_messages *previous = current_sink;
    current_sink = messages;
    return previous;
}

static void leptonica_handler(const char *text) { dsi_messages_add(current_sink, "leptonica", text); }

static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static void install(void) {
    leptSetStderrHandler(leptonica_handler);
    // Warnings too: "we only read the first" of several GIF images is worth keeping with the result.
    setMsgSeverity(L_SEVERITY_WARNING);
}

void dsi_messages_install(void) { pthread_once(&install_once, install); }
