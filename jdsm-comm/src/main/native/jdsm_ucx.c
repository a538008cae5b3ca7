/*
 * libjdsmucx: JNI shim of org.jdsm.comm.ucx.UcxNative over libucp (tag matching). It uses only
 * UCX calls that exist in UCX 1.10 and later. Rebuild it against the UCX at hand (see UCX.md):
 *
 *   gcc -O2 -shared -fPIC -pthread -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
 *       jdsm_ucx.c -o libjdsmucx.so -lucp -lucs
 *
 * Threading: the worker runs in UCS_THREAD_MODE_SINGLE. Every call except signal(), stage() and
 * unstage() comes from one thread at a time (the node's progress thread, or the thread of init/fin
 * before it starts and after it ends); those three touch no UCX state but the staging pool, which
 * has the one lock here.
 *
 * Java arrays are never pinned (a pinned array stalls the garbage collector for as long as UCX
 * holds it): each message is copied once between its array and a native buffer that UCX sends
 * from or receives into as contiguous data, so UCX can use its zero-copy protocols (RDMA, CMA)
 * for large messages and its inline ones for small. A receive UCX cannot finish inside the call
 * that starts it keeps its data in that native buffer until Java copies it out (copy_out), into
 * whatever array Java picks then: no Java array is ever held across calls.
 */
#define _GNU_SOURCE   /* dladdr */
#include <jni.h>
#include <ucp/api/ucp.h>
#include <ucs/config/global_opts.h>
#include <ucs/debug/debug.h>
#include <dlfcn.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CLASS_NATIVE "org/jdsm/comm/ucx/UcxNative"
#define CLASS_EVENTS "org/jdsm/comm/ucx/UcxEvents"
#define CLASS_ERROR  "org/jdsm/comm/ucx/UcxException"

enum { OP_SEND, OP_RECV, OP_DISCARD, OP_CONTROL };

/* Messages up to this size use a buffer inside their operation; larger ones a malloc'd one. */
#define SMALL_BYTES 256
/* A few large buffers are kept for reuse (up to this size each): fresh ones cost a page fault per
 * page, which for large messages costs more than the copy itself. */
#define CACHED_BUFFERS 4
#define CACHED_MAX_BYTES (16 << 20)
/*
 * Buffers from this size on are registered with ucp_mem_map (rounded up to a multiple of
 * REGISTERED_ALIGN, which helps reuse) and their handle goes with every send and receive: UCX's
 * rendezvous then reads them remotely (RDMA read on InfiniBand/RoCE, CMA between processes) with
 * no registration per message. Smaller messages go eagerly, copied by UCX anyway.
 */
#define REGISTERED_MIN_BYTES (8 << 10)
#define REGISTERED_ALIGN ((size_t)64 << 10)
/* UCP_OP_ATTR_FIELD_MEMH (a send or receive naming its registration) is used where UCX has it. */
#define PASS_MEMH (UCP_API_VERSION >= UCP_VERSION(1, 13))
/* Staged sends (filled by any thread, sent by the progress thread) kept for reuse with their buffers. */
#define STAGED_KEPT 8

typedef struct shim shim_t;

/* A send, receive, flush or close that UCX may still be working on. */
typedef struct op {
    struct op   *prev, *next;   /* shim->live from start until released */
    struct op   *done_next;     /* shim->done: completed, Java not told yet */
    shim_t      *shim;
    jlong        tag;           /* receives: the sender tag, handed back to Java */
    struct ep   *ep;            /* a send UCX still works on, or a flush: its endpoint; else NULL */
    struct op   *all_prev, *all_next;   /* staged sends: shim->staged_all, from creation until freed */
    char        *buffer;        /* the native copy UCX works on: small, or from buffer_get */
    size_t       capacity;      /* of a buffer from buffer_get */
    ucp_mem_h    memh;          /* its registration, NULL if none */
    size_t       length;
    int          kind;
    int          staged;        /* from the staging pool: goes back there, buffer and all */
    unsigned long sent_at;      /* a flush: its endpoint's ep->sent when it started */
    int          complete;
    ucs_status_t status;
    char         small[SMALL_BYTES];
} op_t;

/* An endpoint; its error callback queues it on shim->failed once. */
typedef struct ep {
    struct ep  *next;           /* shim->eps, all freed by destroy */
    struct ep  *failed_next;
    shim_t     *shim;
    ucp_ep_h    handle;
    jint        cookie;         /* Java's name for it */
    int         failed;
    int         peer_errors;    /* created with UCP_ERR_HANDLING_MODE_PEER */
    int         closing;        /* a close was started: UCX may have destroyed it already */
    int         sends;          /* sends on it that UCX still works on (progress thread only) */
    unsigned long sent;         /* sends ever started on it (progress thread only) */
    ucs_status_t status;
} ep_t;

struct shim {
    ucp_context_h  context;
    ucp_worker_h   worker;
    int            efd;         /* -1 without wake-up support */
    op_t           live;        /* list head */
    op_t          *done, *done_last;
    op_t          *free_ops;
    ep_t          *eps, *failed;
    char          *cache[CACHED_BUFFERS];
    size_t         cached[CACHED_BUFFERS];   /* capacities; 0 = empty slot */
    ucp_mem_h      cache_memh[CACHED_BUFFERS];
    pthread_mutex_t staging_lock;   /* guards staged_free, staged_kept and staged_all */
    op_t          *staged_free;     /* staged sends to reuse, linked through next */
    op_t           staged_all;      /* list head of every staged send that exists (see j_destroy) */
    int            staged_kept;
};

static jclass    error_class;
static jmethodID on_received;   /* UcxEvents.receiveCompleted(long tag, long receive, int status) */
static jmethodID on_failed;     /* UcxEvents.endpointFailed(int cookie, int status) */

static void throw_error(JNIEnv *env, const char *what, ucs_status_t status)
{
    char message[256];
    if ((*env)->ExceptionCheck(env)) {
        return;   /* e.g. an OutOfMemoryError from JNI itself: let that one through */
    }
    snprintf(message, sizeof(message), "%s failed: %s (UCX status %d)", what,
             ucs_status_string(status), (int)status);
    (*env)->ThrowNew(env, error_class, message);
}

static int not_null(JNIEnv *env, jobject array)
{
    if (array == NULL) {
        (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/NullPointerException"), "array");
    }
    return array != NULL;
}

static shim_t *shim_of(JNIEnv *env, jlong handle)
{
    shim_t *s = (shim_t *)(intptr_t)handle;
    if (s == NULL) {
        (*env)->ThrowNew(env, error_class, "the UCX worker is closed");
    }
    return s;
}

/* ---- large buffers ---- */

/* A page-aligned buffer of at least length bytes, a multiple of REGISTERED_ALIGN, not registered yet. */
static char *buffer_aligned(size_t length, size_t *capacity)
{
    void *buffer;
    *capacity = (length + REGISTERED_ALIGN - 1) / REGISTERED_ALIGN * REGISTERED_ALIGN;
    return posix_memalign(&buffer, 4096, *capacity) == 0 ? buffer : NULL;
}

/* Registers a buffer with UCX (progress thread only); NULL if that fails, and UCX registers it per message instead. */
static ucp_mem_h buffer_register(shim_t *s, char *buffer, size_t capacity)
{
    ucp_mem_map_params_t params;
    ucp_mem_h memh;

    memset(&params, 0, sizeof(params));
    params.field_mask = UCP_MEM_MAP_PARAM_FIELD_ADDRESS | UCP_MEM_MAP_PARAM_FIELD_LENGTH;
    params.address = buffer;
    params.length = capacity;
    return ucp_mem_map(s->context, &params, &memh) == UCS_OK ? memh : NULL;
}

/* A new buffer of at least length bytes, registered from REGISTERED_MIN_BYTES on (unregistered if that fails). */
static char *buffer_new(shim_t *s, size_t length, size_t *capacity, ucp_mem_h *memh)
{
    char *buffer;

    *memh = NULL;
    if (length < REGISTERED_MIN_BYTES) {
        *capacity = length;
        return malloc(length);
    }
    if ((buffer = buffer_aligned(length, capacity)) != NULL) {
        *memh = buffer_register(s, buffer, *capacity);
    }
    return buffer;
}

static void buffer_free(shim_t *s, char *buffer, ucp_mem_h memh)
{
    if (memh != NULL) {
        ucp_mem_unmap(s->context, memh);
    }
    free(buffer);
}

/* A buffer of at least length bytes: the smallest cached one that fits, else a new one. */
static char *buffer_get(shim_t *s, size_t length, size_t *capacity, ucp_mem_h *memh)
{
    int i, best = -1;
    char *buffer;
    for (i = 0; i < CACHED_BUFFERS; i++) {
        if (s->cached[i] >= length && (best < 0 || s->cached[i] < s->cached[best])) {
            best = i;
        }
    }
    if (best < 0) {
        return buffer_new(s, length, capacity, memh);
    }
    buffer = s->cache[best];
    *capacity = s->cached[best];
    *memh = s->cache_memh[best];
    s->cache[best] = NULL;
    s->cached[best] = 0;
    s->cache_memh[best] = NULL;
    return buffer;
}

/* Keeps a buffer for reuse in an empty slot or instead of a smaller one, else frees it. */
static void buffer_put(shim_t *s, char *buffer, size_t capacity, ucp_mem_h memh)
{
    int i, smallest = 0;
    for (i = 1; i < CACHED_BUFFERS; i++) {
        if (s->cached[i] < s->cached[smallest]) {
            smallest = i;
        }
    }
    if (capacity > CACHED_MAX_BYTES || capacity <= s->cached[smallest]) {
        buffer_free(s, buffer, memh);
        return;
    }
    if (s->cached[smallest] > 0) {
        buffer_free(s, s->cache[smallest], s->cache_memh[smallest]);
    }
    s->cache[smallest] = buffer;
    s->cached[smallest] = capacity;
    s->cache_memh[smallest] = memh;
}

/* ---- staging: send memory any thread fills before the progress thread sends it ---- */

/* A staged send of length bytes: the smallest pooled one that fits, else a new unregistered one (any thread). */
static op_t *staged_take(shim_t *s, size_t length)
{
    op_t **at, **best = NULL, *op = NULL;

    pthread_mutex_lock(&s->staging_lock);
    for (at = &s->staged_free; *at != NULL; at = &(*at)->next) {
        if ((*at)->capacity >= length && (best == NULL || (*at)->capacity < (*best)->capacity)) {
            best = at;
        }
    }
    if (best != NULL) {
        op = *best;
        *best = op->next;
        s->staged_kept--;
    }
    pthread_mutex_unlock(&s->staging_lock);
    if (op == NULL) {
        if ((op = calloc(1, sizeof(*op))) == NULL) {
            return NULL;
        }
        if ((op->buffer = buffer_aligned(length, &op->capacity)) == NULL) {
            free(op);
            return NULL;
        }
        op->staged = 1;
        pthread_mutex_lock(&s->staging_lock);
        op->all_next = s->staged_all.all_next;
        op->all_prev = &s->staged_all;
        s->staged_all.all_next->all_prev = op;
        s->staged_all.all_next = op;
        pthread_mutex_unlock(&s->staging_lock);
    }
    op->length = length;
    return op;
}

static void staged_free(shim_t *s, op_t *op)
{
    pthread_mutex_lock(&s->staging_lock);
    op->all_prev->all_next = op->all_next;
    op->all_next->all_prev = op->all_prev;
    pthread_mutex_unlock(&s->staging_lock);
    buffer_free(s, op->buffer, op->memh);
    free(op);
}

/*
 * Pools a staged send again. On the progress thread, the only one that may unregister memory, a
 * full pool (STAGED_KEPT) keeps the larger of it and the pool's smallest and frees the other;
 * other threads (giving back sends that were dropped, which is rare) always pool it.
 */
static void staged_put(shim_t *s, op_t *op, int progress_thread)
{
    op_t **at, **smallest = NULL, *evicted = NULL;

    pthread_mutex_lock(&s->staging_lock);
    if (progress_thread && (op->capacity > CACHED_MAX_BYTES || s->staged_kept >= STAGED_KEPT)) {
        for (at = &s->staged_free; *at != NULL; at = &(*at)->next) {
            if (smallest == NULL || (*at)->capacity < (*smallest)->capacity) {
                smallest = at;
            }
        }
        if (op->capacity > CACHED_MAX_BYTES || smallest == NULL || (*smallest)->capacity >= op->capacity) {
            evicted = op;
            op = NULL;
        } else {
            evicted = *smallest;
            *smallest = evicted->next;
            s->staged_kept--;
        }
    }
    if (op != NULL) {
        op->next = s->staged_free;
        s->staged_free = op;
        s->staged_kept++;
    }
    pthread_mutex_unlock(&s->staging_lock);
    if (evicted != NULL) {
        staged_free(s, evicted);
    }
}

/* ---- operations ---- */

/* Readies an operation with its buffer for UCX and puts it on the live list. */
static void op_link(shim_t *s, op_t *op, int kind, jlong tag)
{
    op->done_next = NULL;
    op->complete = 0;
    op->status = UCS_OK;
    op->shim = s;
    op->kind = kind;
    op->tag = tag;
    op->ep = NULL;
    op->next = s->live.next;
    op->prev = &s->live;
    s->live.next->prev = op;
    s->live.next = op;
}

static op_t *op_start(shim_t *s, int kind, size_t length, jlong tag)
{
    op_t *op = s->free_ops;
    if (op != NULL) {
        s->free_ops = op->next;
    } else if ((op = malloc(sizeof(*op))) == NULL) {
        return NULL;
    }
    op->memh = NULL;
    op->buffer = length <= SMALL_BYTES ? op->small : buffer_get(s, length, &op->capacity, &op->memh);
    if (op->buffer == NULL) {
        op->next = s->free_ops;
        s->free_ops = op;
        return NULL;
    }
    op->staged = 0;
    op->length = length;
    op_link(s, op, kind, tag);
    return op;
}

/* Unlinks and recycles an operation UCX is done with. */
static void op_release(op_t *op)
{
    shim_t *s = op->shim;
    op->prev->next = op->next;
    op->next->prev = op->prev;
    if (op->staged) {
        staged_put(s, op, 1);
        return;
    }
    if (op->buffer != op->small) {
        buffer_put(s, op->buffer, op->capacity, op->memh);
    }
    op->next = s->free_ops;
    s->free_ops = op;
}

/* Marks an operation complete; sends and receives go on the list that report() hands to Java. */
static void op_done(op_t *op, ucs_status_t status)
{
    shim_t *s = op->shim;
    op->complete = 1;
    op->status = status;
    if (op->kind == OP_SEND && op->ep != NULL) {
        op->ep->sends--;
        op->ep = NULL;
    }
    if (op->kind != OP_CONTROL) {
        op->done_next = NULL;
        if (s->done_last != NULL) {
            s->done_last->done_next = op;
        } else {
            s->done = op;
        }
        s->done_last = op;
    }
}

static void op_completed(op_t *op, void *request, ucs_status_t status)
{
    ucp_request_free(request);
    op_done(op, status);
}

static void send_done(void *request, ucs_status_t status, void *user_data)
{
    op_completed(user_data, request, status);
}

static void recv_done(void *request, ucs_status_t status, const ucp_tag_recv_info_t *info,
                      void *user_data)
{
    op_completed(user_data, request, status);
}

/* 0 if a started operation completed inside the call, 1 if UCX still works on it, -1 with a Java exception. */
static jint op_started(JNIEnv *env, op_t *op, ucs_status_ptr_t request, const char *what)
{
    if (request == NULL) {
        op_release(op);
        return 0;
    }
    if (UCS_PTR_IS_ERR(request)) {
        op_release(op);
        throw_error(env, what, UCS_PTR_STATUS(request));
        return -1;
    }
    return 1;
}

/* Copies a receive's data into a Java array of at least its length (else throws). */
static void copy_into(JNIEnv *env, op_t *op, jbyteArray into)
{
    if ((*env)->GetArrayLength(env, into) < (jsize)op->length) {
        (*env)->ThrowNew(env, error_class, "receive buffer shorter than the message");
        return;
    }
    (*env)->SetByteArrayRegion(env, into, 0, (jsize)op->length, (jbyte *)op->buffer);
}

static ucp_request_param_t op_param(op_t *op)
{
    ucp_request_param_t param;
    memset(&param, 0, sizeof(param));
    param.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA;
    param.user_data = op;
#if PASS_MEMH
    if (op->memh != NULL) {
        param.op_attr_mask |= UCP_OP_ATTR_FIELD_MEMH;
        param.memh = op->memh;
    }
#endif
    return param;
}

/* ---- JNI entry points (registered in JNI_OnLoad) ---- */

static jlong j_create(JNIEnv *env, jclass cls, jobjectArray options, jboolean wakeup)
{
    ucp_params_t params = { .field_mask = UCP_PARAM_FIELD_FEATURES,
                            .features = UCP_FEATURE_TAG | (wakeup ? UCP_FEATURE_WAKEUP : 0) };
    ucp_worker_params_t worker_params = { .field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE,
                                          .thread_mode = UCS_THREAD_MODE_SINGLE };
    jsize i, count = (*env)->GetArrayLength(env, options);
    shim_t *s = calloc(1, sizeof(*s));
    ucs_status_t status = UCS_ERR_NO_MEMORY;
    const char *what = "allocating the UCX shim";
    char setting[192];
    ucp_config_t *config;

    if (s == NULL || (status = ucp_config_read(NULL, NULL, &config)) != UCS_OK) {
        goto fail;
    }
    s->live.next = s->live.prev = &s->live;
    s->staged_all.all_next = s->staged_all.all_prev = &s->staged_all;
    s->efd = -1;
    pthread_mutex_init(&s->staging_lock, NULL);
    for (i = 0; i + 1 < count && status == UCS_OK; i += 2) {   /* options: name, value, name, value... */
        jstring name = (*env)->GetObjectArrayElement(env, options, i);
        jstring value = (*env)->GetObjectArrayElement(env, options, i + 1);
        const char *n = (*env)->GetStringUTFChars(env, name, NULL);
        const char *v = (*env)->GetStringUTFChars(env, value, NULL);
        status = n != NULL && v != NULL ? ucp_config_modify(config, n, v) : UCS_ERR_NO_MEMORY;
        snprintf(setting, sizeof(setting), "setting UCX option %s=%s", n ? n : "?", v ? v : "?");
        if (n != NULL) {
            (*env)->ReleaseStringUTFChars(env, name, n);
        }
        if (v != NULL) {
            (*env)->ReleaseStringUTFChars(env, value, v);
        }
    }
    if (status != UCS_OK) {
        what = setting;
        ucp_config_release(config);
        goto fail;
    }
    what = "ucp_init";
    status = ucp_init(&params, config, &s->context);
    ucp_config_release(config);
    if (status != UCS_OK) {
        goto fail;
    }
    what = "ucp_worker_create";
    if ((status = ucp_worker_create(s->context, &worker_params, &s->worker)) != UCS_OK) {
        goto fail_context;
    }
    what = "UCX wake-up set-up (try ucx.progress=poll)";
    if (wakeup && (status = ucp_worker_get_efd(s->worker, &s->efd)) != UCS_OK) {
        goto fail_worker;
    }
    return (jlong)(intptr_t)s;

fail_worker:
    ucp_worker_destroy(s->worker);
fail_context:
    ucp_cleanup(s->context);
fail:
    free(s);
    throw_error(env, what, status);
    return 0;
}

static jbyteArray j_address(JNIEnv *env, jclass cls, jlong handle)
{
    shim_t *s = shim_of(env, handle);
    ucp_address_t *addr;
    size_t length;
    ucs_status_t status;
    jbyteArray result;

    if (s == NULL) {
        return NULL;
    }
    if ((status = ucp_worker_get_address(s->worker, &addr, &length)) != UCS_OK) {
        throw_error(env, "ucp_worker_get_address", status);
        return NULL;
    }
    result = (*env)->NewByteArray(env, (jsize)length);
    if (result != NULL) {
        (*env)->SetByteArrayRegion(env, result, 0, (jsize)length, (const jbyte *)addr);
    }
    ucp_worker_release_address(s->worker, addr);
    return result;
}

static void ep_error(void *arg, ucp_ep_h ep, ucs_status_t status)
{
    ep_t *e = arg;
    if (!e->failed) {
        e->failed = 1;
        e->status = status;
        e->failed_next = e->shim->failed;
        e->shim->failed = e;
    }
}

static jlong j_connect(JNIEnv *env, jclass cls, jlong handle, jbyteArray peer, jint cookie,
                     jboolean peer_errors)
{
    shim_t *s = shim_of(env, handle);
    ucp_ep_params_t params;
    ucs_status_t status;
    jbyte *addr;
    ep_t *e;

    if (s == NULL || !not_null(env, peer)) {
        return 0;
    }
    if ((e = calloc(1, sizeof(*e))) == NULL
        || (addr = (*env)->GetByteArrayElements(env, peer, NULL)) == NULL) {
        free(e);
        throw_error(env, "allocating an endpoint", UCS_ERR_NO_MEMORY);
        return 0;
    }
    e->shim = s;
    e->cookie = cookie;
    e->peer_errors = peer_errors;
    memset(&params, 0, sizeof(params));
    params.field_mask = UCP_EP_PARAM_FIELD_REMOTE_ADDRESS | UCP_EP_PARAM_FIELD_ERR_HANDLING_MODE
                        | UCP_EP_PARAM_FIELD_ERR_HANDLER;
    params.address = (const ucp_address_t *)addr;
    params.err_mode = peer_errors ? UCP_ERR_HANDLING_MODE_PEER : UCP_ERR_HANDLING_MODE_NONE;
    params.err_handler.cb = ep_error;
    params.err_handler.arg = e;
    status = ucp_ep_create(s->worker, &params, &e->handle);
    (*env)->ReleaseByteArrayElements(env, peer, addr, JNI_ABORT);
    if (status != UCS_OK) {
        free(e);
        throw_error(env, "ucp_ep_create", status);
        return 0;
    }
    e->next = s->eps;
    s->eps = e;
    return (jlong)(intptr_t)e;
}

/* A send of length bytes whose native copy the caller fills; NULL with a Java exception. */
static op_t *send_start(JNIEnv *env, shim_t *s, jlong tag, jint length)
{
    op_t *op = op_start(s, OP_SEND, (size_t)length, tag);
    if (op == NULL) {
        throw_error(env, "ucp_tag_send_nbx", UCS_ERR_NO_MEMORY);
    }
    return op;
}

/* Hands a filled send to UCX: 0 if it completed at once, 1 if UCX still works on it, -1 with a Java exception. */
static jint send_filled(JNIEnv *env, op_t *op, jlong ep, jlong tag)
{
    ep_t *e = (ep_t *)(intptr_t)ep;
    ucp_request_param_t param = op_param(op);
    jint started;

    param.cb.send = send_done;
    started = op_started(env, op, ucp_tag_send_nbx(e->handle, op->buffer, op->length, (ucp_tag_t)tag, &param),
                         "ucp_tag_send_nbx");
    if (started == 1) {   /* its completion (op_done) counts it off again */
        op->ep = e;
        e->sends++;
    }
    e->sent++;
    return started;
}

/* Sends a copy of data[offset, offset + length): it is copied now, UCX sends the copy. */
static jint j_send(JNIEnv *env, jclass cls, jlong handle, jlong ep, jlong tag, jbyteArray data,
                   jint offset, jint length)
{
    shim_t *s = shim_of(env, handle);
    op_t *op;

    if (s == NULL || !not_null(env, data) || (op = send_start(env, s, tag, length)) == NULL) {
        return -1;
    }
    (*env)->GetByteArrayRegion(env, data, offset, length, (jbyte *)op->buffer);
    if ((*env)->ExceptionCheck(env)) {   /* the range is outside the array */
        op_release(op);
        return -1;
    }
    return send_filled(env, op, ep, tag);
}

/* As j_send, from bytes [offset, offset + length) of a direct buffer (Java checked the range). */
static jint j_send_direct(JNIEnv *env, jclass cls, jlong handle, jlong ep, jlong tag, jobject data,
                          jint offset, jint length)
{
    shim_t *s = shim_of(env, handle);
    char *from;
    op_t *op;

    if (s == NULL || !not_null(env, data)) {
        return -1;
    }
    if ((from = (*env)->GetDirectBufferAddress(env, data)) == NULL) {
        (*env)->ThrowNew(env, error_class, "not a direct buffer");
        return -1;
    }
    if ((op = send_start(env, s, tag, length)) == NULL) {
        return -1;
    }
    memcpy(op->buffer, from + offset, (size_t)length);
    return send_filled(env, op, ep, tag);
}

/*
 * Staging memory for a bulk send of length bytes, from any thread: a direct buffer over it (its
 * position 0, its limit length) for Java to fill, with the send's handle in staged_out[0] for
 * send_staged, or for unstage if it is not sent. NULL with a Java exception.
 */
static jobject j_stage(JNIEnv *env, jclass cls, jlong handle, jint length, jlongArray staged_out)
{
    shim_t *s = shim_of(env, handle);
    jobject view;
    jlong staged;
    op_t *op;

    if (s == NULL || !not_null(env, staged_out)) {
        return NULL;
    }
    if ((op = staged_take(s, (size_t)length)) == NULL) {
        throw_error(env, "staging a send", UCS_ERR_NO_MEMORY);
        return NULL;
    }
    if ((view = (*env)->NewDirectByteBuffer(env, op->buffer, (jlong)length)) == NULL) {
        staged_put(s, op, 0);
        return NULL;
    }
    staged = (jlong)(intptr_t)op;
    (*env)->SetLongArrayRegion(env, staged_out, 0, 1, &staged);
    return view;
}

/*
 * Sends a filled staged send (progress thread): from here UCX owns it, and it goes back to the
 * pool once sent. Its memory is registered the first time it is sent. As j_send otherwise.
 */
static jint j_send_staged(JNIEnv *env, jclass cls, jlong handle, jlong ep, jlong tag, jlong staged)
{
    shim_t *s = shim_of(env, handle);
    op_t *op = (op_t *)(intptr_t)staged;

    if (s == NULL) {
        return -1;
    }
    if (op->memh == NULL) {
        op->memh = buffer_register(s, op->buffer, op->capacity);
    }
    op_link(s, op, OP_SEND, tag);
    return send_filled(env, op, ep, tag);
}

/* Gives back a staged send that is not sent (any thread); with handle 0 the worker is gone, and with it the pool. */
static void j_unstage(JNIEnv *env, jclass cls, jlong handle, jlong staged)
{
    shim_t *s = (shim_t *)(intptr_t)handle;
    op_t *op = (op_t *)(intptr_t)staged;

    if (s != NULL) {
        staged_put(s, op, 0);
    } else {   /* destroy unregistered it */
        free(op->buffer);
        free(op);
    }
}

/* Starts receiving a probed message (size bytes of it) into a native buffer. NULL with a Java exception. */
static op_t *receive_start(JNIEnv *env, shim_t *s, int kind, jlong message, jlong tag, size_t size,
                           ucs_status_ptr_t *request)
{
    ucp_request_param_t param;
    op_t *op = op_start(s, kind, size, tag);

    if (op == NULL) {
        throw_error(env, "ucp_tag_msg_recv_nbx", UCS_ERR_NO_MEMORY);
        return NULL;
    }
    param = op_param(op);
    param.cb.recv = recv_done;
    *request = ucp_tag_msg_recv_nbx(s->worker, op->buffer, size, (ucp_tag_message_h)(intptr_t)message, &param);
    return op;
}

/*
 * Receives a probed message. If it completes inside this call and into is not NULL, it is copied
 * into that array and 0 is returned. Otherwise the receive's handle is returned: its data stays in
 * native memory, its completion is reported (receiveCompleted), and copy_out hands it over.
 */
static jlong j_receive(JNIEnv *env, jclass cls, jlong handle, jlong message, jlong tag,
                       jlong length, jbyteArray into)
{
    shim_t *s = shim_of(env, handle);
    ucs_status_ptr_t request;
    op_t *op;

    if (s == NULL || (op = receive_start(env, s, OP_RECV, message, tag, (size_t)length, &request)) == NULL) {
        return 0;
    }
    if (UCS_PTR_IS_ERR(request)) {
        op_release(op);
        throw_error(env, "ucp_tag_msg_recv_nbx", UCS_PTR_STATUS(request));
        return 0;
    }
    if (request == NULL && into != NULL) {
        copy_into(env, op, into);
        op_release(op);
        return 0;
    }
    if (request == NULL) {
        op_done(op, UCS_OK);   /* reported like any other completion, in its turn */
    }
    return (jlong)(intptr_t)op;
}

/* Takes a probed message out of UCX and drops it (received truncated to nothing). */
static void j_discard(JNIEnv *env, jclass cls, jlong handle, jlong message)
{
    shim_t *s = shim_of(env, handle);
    ucs_status_ptr_t request;
    op_t *op;

    if (s != NULL && (op = receive_start(env, s, OP_DISCARD, message, 0, 0, &request)) != NULL
        && !UCS_PTR_IS_PTR(request)) {
        op_release(op);   /* done at once, or the truncation error a discard expects */
    }
}

/* Copies a completed receive's data into into (NULL: drops it) and frees the receive. */
static void j_copy_out(JNIEnv *env, jclass cls, jlong handle, jlong receive, jbyteArray into)
{
    shim_t *s = shim_of(env, handle);
    op_t *op = (op_t *)(intptr_t)receive;

    if (s == NULL) {
        return;
    }
    if (into != NULL && op->status == UCS_OK) {
        copy_into(env, op, into);
    }
    op_release(op);
}

/* A completed receive's data as a direct buffer over its native memory, valid until copy_out frees it. */
static jobject j_view(JNIEnv *env, jclass cls, jlong handle, jlong receive)
{
    op_t *op = (op_t *)(intptr_t)receive;
    if (shim_of(env, handle) == NULL) {
        return NULL;
    }
    return (*env)->NewDirectByteBuffer(env, op->buffer, (jlong)op->length);
}

/* Tells Java about finished receives and failed endpoints; returns how many, or -1 if Java threw. */
static jint report(JNIEnv *env, shim_t *s, jobject events)
{
    jint count = 0;

    while (s->done != NULL) {
        op_t *op = s->done;
        s->done = op->done_next;
        if (s->done == NULL) {
            s->done_last = NULL;
        }
        if (op->kind == OP_RECV) {   /* Java frees it with copy_out */
            (*env)->CallVoidMethod(env, events, on_received, op->tag, (jlong)(intptr_t)op, (jint)op->status);
        } else {
            op_release(op);
        }
        count++;
        if ((*env)->ExceptionCheck(env)) {
            return -1;
        }
    }
    while (s->failed != NULL) {
        ep_t *e = s->failed;
        s->failed = e->failed_next;
        (*env)->CallVoidMethod(env, events, on_failed, e->cookie, (jint)e->status);
        count++;
        if ((*env)->ExceptionCheck(env)) {
            return -1;
        }
    }
    return count;
}

/*
 * One pass of the progress thread in one JNI call: progresses the worker, reports completions,
 * then takes the next message out of UCX, express lane first. Returns its handle (a pointer, so
 * positive) with info = {sender tag, length, work done}; with no message, minus the work done and
 * info untouched, as most passes of a spinning thread find nothing and the array write is the
 * largest part of such a pass.
 */
static jlong j_poll(JNIEnv *env, jclass cls, jlong handle, jlong lane_mask, jobject events, jlongArray info)
{
    shim_t *s = shim_of(env, handle);
    ucp_tag_recv_info_t found;
    ucp_tag_message_h message;
    jlong out[3];
    jlong work;
    jint reported;

    if (s == NULL) {
        return 0;
    }
    work = ucp_worker_progress(s->worker);
    if ((reported = report(env, s, events)) < 0) {
        return 0;
    }
    work += reported;
    message = ucp_tag_probe_nb(s->worker, (ucp_tag_t)lane_mask, (ucp_tag_t)lane_mask, 1, &found);
    if (message == NULL) {
        message = ucp_tag_probe_nb(s->worker, 0, (ucp_tag_t)lane_mask, 1, &found);
    }
    if (message == NULL) {
        return -work;
    }
    out[0] = (jlong)found.sender_tag;
    out[1] = (jlong)found.length;
    out[2] = work;
    (*env)->SetLongArrayRegion(env, info, 0, 3, out);
    return (jlong)(intptr_t)message;
}

/* Sleeps until the worker has something to do, or timeout_ms pass. False if it had work already. */
static jboolean j_await(JNIEnv *env, jclass cls, jlong handle, jint timeout_ms)
{
    shim_t *s = shim_of(env, handle);
    ucs_status_t status;
    struct pollfd fd;

    if (s == NULL) {
        return JNI_FALSE;
    }
    if (s->efd < 0) {
        (*env)->ThrowNew(env, error_class, "this UCX worker was created without wake-up support");
        return JNI_FALSE;
    }
    status = ucp_worker_arm(s->worker);
    if (status == UCS_ERR_BUSY) {
        return JNI_FALSE;
    }
    if (status != UCS_OK) {
        throw_error(env, "ucp_worker_arm", status);
        return JNI_FALSE;
    }
    fd.fd = s->efd;
    fd.events = POLLIN;
    poll(&fd, 1, timeout_ms);
    return JNI_TRUE;
}

/* The one call allowed from any thread: wakes the progress thread from await. */
static void j_signal(JNIEnv *env, jclass cls, jlong handle)
{
    shim_t *s = (shim_t *)(intptr_t)handle;
    if (s != NULL) {
        ucp_worker_signal(s->worker);
    }
}

/* Starts a flush (close == 0) or a close of an endpoint as operation op. */
static void control_start(op_t *op, ep_t *e, int close, int force)
{
    ucp_request_param_t param;
    ucs_status_ptr_t request;

    op->complete = 0;
    op->status = UCS_OK;
    memset(&param, 0, sizeof(param));
    param.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA;
    param.cb.send = send_done;   /* same signature; op_completed tells the kinds apart */
    param.user_data = op;
    if (close) {
        e->closing = 1;
        param.op_attr_mask |= UCP_OP_ATTR_FIELD_FLAGS;
        param.flags = force ? UCP_EP_CLOSE_FLAG_FORCE : 0;
        request = ucp_ep_close_nbx(e->handle, &param);
    } else {
        op->ep = e;   /* see j_finished */
        op->sent_at = e->sent;
        request = ucp_ep_flush_nbx(e->handle, &param);
    }
    if (!UCS_PTR_IS_PTR(request)) {
        op->complete = 1;
        op->status = UCS_PTR_STATUS(request);
    }
}

/* Starts a flush (close == false) or a close of an endpoint; returns an operation for finished(). */
static jlong j_control(JNIEnv *env, jclass cls, jlong handle, jlong ep, jboolean close, jboolean force)
{
    shim_t *s = shim_of(env, handle);
    op_t *op;

    if (s == NULL) {
        return 0;
    }
    if ((op = op_start(s, OP_CONTROL, 0, 0)) == NULL) {
        throw_error(env, "starting an endpoint flush or close", UCS_ERR_NO_MEMORY);
        return 0;
    }
    control_start(op, (ep_t *)(intptr_t)ep, close, force);
    return (jlong)(intptr_t)op;
}

/*
 * The status of a flush or close: UCS_INPROGRESS (1) while running; once it is not, the operation is gone.
 *
 * A flush finishes only once every send on its endpoint has completed, and then a flush started
 * after that has: UCX's flush returns as soon as a rendezvous send's request-to-send is out, while
 * the peer has yet to pull the data, and a send completes before its last protocol message (e.g.
 * the ATP of a put) has left. Closing the endpoint earlier (Farewells closes after the flush)
 * cancels or cuts off those sends: the peer loses messages sent before the goodbye, and its
 * receives of them never end, so that its ucp_worker_destroy aborts the JVM on UCX's assertion
 * that no endpoint has requests left (ucp_ep.c "proto_reqs", UcxCommTest.largeWrittenMessagesRacingFin...).
 */
static jint j_finished(JNIEnv *env, jclass cls, jlong handle, jlong operation)
{
    shim_t *s = shim_of(env, handle);
    op_t *op = (op_t *)(intptr_t)operation;
    ucs_status_t status;

    if (s == NULL) {
        return UCS_ERR_INVALID_PARAM;
    }
    if (!op->complete) {
        return UCS_INPROGRESS;
    }
    if (op->ep != NULL && op->ep->sends > 0) {
        return UCS_INPROGRESS;
    }
    if (op->ep != NULL && op->ep->sent != op->sent_at) {   /* sent on since it started: flush again */
        control_start(op, op->ep, 0, 0);
        if (!op->complete) {
            return UCS_INPROGRESS;
        }
    }
    status = op->status;
    op_release(op);
    return status;
}

static jstring j_status_text(JNIEnv *env, jclass cls, jint status)
{
    return (*env)->NewStringUTF(env, ucs_status_string((ucs_status_t)status));
}

static jstring j_version(JNIEnv *env, jclass cls)
{
    return (*env)->NewStringUTF(env, ucp_get_version_string());
}

/* Sends UCX still holds: at destroy, those went to peers that died (or never answered fin). */
static jint live_sends(shim_t *s)
{
    jint n = 0;
    op_t *op;
    for (op = s->live.next; op != &s->live; op = op->next) {
        n += op->kind == OP_SEND && !op->complete;
    }
    return n;
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int controls_running(shim_t *s)
{
    op_t *op;
    for (op = s->live.next; op != &s->live; op = op->next) {
        if (op->kind == OP_CONTROL && !op->complete) {
            return 1;
        }
    }
    return 0;
}

/*
 * Before the worker goes: force-closes every endpoint with peer error handling that nobody closed
 * (a failed peer's, or any left open), then progresses the worker until every close and flush has
 * ended, for at most CLOSE_ALL_MS. On such endpoints UCX tracks the rendezvous requests of both
 * sides (a send whose data the peer has yet to take, a receive whose data has yet to come), and
 * ucp_worker_destroy aborts the JVM if one is left (UCX's assertion ucp_ep.c "proto_reqs"): a
 * peer that died, or closed its control channel, while this node was receiving a rendezvous
 * message from it left such a receive, which nothing else ever ends (ucp_request_cancel does not
 * cancel a matched receive). A forced close fails them all (UCS_ERR_CANCELED) and completes
 * locally. Endpoints without peer error handling cannot be forced; UCX tracks no requests on them.
 */
#define CLOSE_ALL_MS 1000
static void close_all(shim_t *s)
{
    long long deadline;
    ep_t *e;
    op_t *op;

    for (e = s->eps; e != NULL; e = e->next) {
        if (e->peer_errors && !e->closing && (op = op_start(s, OP_CONTROL, 0, 0)) != NULL) {
            control_start(op, e, 1, 1);
        }
    }
    deadline = now_ms() + CLOSE_ALL_MS;
    while (controls_running(s) && now_ms() < deadline) {
        ucp_worker_progress(s->worker);
    }
}

/*
 * UCX's log level is one setting for the whole process, so quiet destroys (below) of several
 * workers in one JVM (several comms, or a test's nodes) share one lowered level: the first saves
 * the level and lowers it, the last puts the saved one back. Unshared, one destroy could save
 * another's lowered level and restore that, leaving UCX's warnings off for good.
 */
static pthread_mutex_t quiet_lock = PTHREAD_MUTEX_INITIALIZER;
static int quiet_count;
static char quiet_saved[32];

static int quiet_begin(void)
{
    int quiet = 1;
    pthread_mutex_lock(&quiet_lock);
    if (quiet_count == 0) {
        quiet = ucs_global_opts_get_value("LOG_LEVEL", quiet_saved, sizeof(quiet_saved)) == UCS_OK
                && ucs_global_opts_set_value("LOG_LEVEL", "error") == UCS_OK;
    }
    quiet_count += quiet;
    pthread_mutex_unlock(&quiet_lock);
    return quiet;
}

static void quiet_end(void)
{
    pthread_mutex_lock(&quiet_lock);
    if (--quiet_count == 0) {
        ucs_global_opts_set_value("LOG_LEVEL", quiet_saved);
    }
    pthread_mutex_unlock(&quiet_lock);
}

/*
 * Destroys the worker. UCX cannot cancel a send whose peer died without peer error handling
 * (UCX 1.13's shared memory has none), and would print a warning per such request into the
 * job's output; the count goes to Java instead, which says it once.
 */
static void worker_destroy(ucp_worker_h worker, jint lost_sends)
{
    int quiet = lost_sends > 0 && quiet_begin();
    ucp_worker_destroy(worker);   /* UCX calls no callback after this */
    if (quiet) {
        quiet_end();
    }
}

/* Frees everything, first closing what is still open (close_all). Returns live_sends(). */
static jint j_destroy(JNIEnv *env, jclass cls, jlong handle)
{
    shim_t *s = shim_of(env, handle);
    op_t *op;
    ep_t *e;
    int i;
    jint lost_sends;

    if (s == NULL) {
        return 0;
    }
    close_all(s);
    lost_sends = live_sends(s);
    worker_destroy(s->worker, lost_sends);
    while (s->live.next != &s->live) {
        op = s->live.next;
        op_release(op);
    }
    while ((op = s->free_ops) != NULL) {
        s->free_ops = op->next;
        free(op);
    }
    while ((e = s->eps) != NULL) {
        s->eps = e->next;
        free(e);
    }
    for (i = 0; i < CACHED_BUFFERS; i++) {
        if (s->cached[i] > 0) {
            buffer_free(s, s->cache[i], s->cache_memh[i]);
        }
    }
    while ((op = s->staged_free) != NULL) {
        s->staged_free = op->next;
        staged_free(s, op);
    }
    /*
     * Staged sends still out (being filled by a sender, or queued in Java) outlive the context and
     * are freed by unstage with handle 0. A registration still held at ucp_cleanup aborts the JVM
     * on UCX's assertion (rcache.c "region->refcount == 0", seen in
     * UcxCommTest.largeWrittenMessagesRacingFin...): unregister them now. No sender is in
     * stage/unstage meanwhile (UcxWorker.destroy holds its lock).
     */
    for (op = s->staged_all.all_next; op != &s->staged_all; op = op->all_next) {
        if (op->memh != NULL) {
            ucp_mem_unmap(s->context, op->memh);
            op->memh = NULL;
        }
    }
    pthread_mutex_destroy(&s->staging_lock);
    ucp_cleanup(s->context);
    free(s);
    return lost_sends;
}

/* UCX installs fatal-error handlers for SIGSEGV & co; the JVM needs its own (null checks, safepoints). */
static void give_signals_back_to_the_jvm(void)
{
    static const int signals[] = { SIGILL, SIGSEGV, SIGBUS, SIGFPE };
    size_t i;
    for (i = 0; i < sizeof(signals) / sizeof(signals[0]); i++) {
        struct sigaction current;
        Dl_info where;
        if (sigaction(signals[i], NULL, &current) == 0 && (current.sa_flags & SA_SIGINFO)
            && dladdr((void *)current.sa_sigaction, &where) && where.dli_fname != NULL
            && strstr(where.dli_fname, "libucs") != NULL) {
            ucs_debug_disable_signal(signals[i]);
        }
    }
}

static const JNINativeMethod methods[] = {
    { "create",     "([Ljava/lang/String;Z)J",                    (void *)j_create },
    { "address",    "(J)[B",                                      (void *)j_address },
    { "connect",    "(J[BIZ)J",                                   (void *)j_connect },
    { "send",       "(JJJ[BII)I",                                   (void *)j_send },
    { "sendDirect", "(JJJLjava/nio/ByteBuffer;II)I",              (void *)j_send_direct },
    { "stage",      "(JI[J)Ljava/nio/ByteBuffer;",                (void *)j_stage },
    { "sendStaged", "(JJJJ)I",                                    (void *)j_send_staged },
    { "unstage",    "(JJ)V",                                      (void *)j_unstage },
    { "view",       "(JJ)Ljava/nio/ByteBuffer;",                  (void *)j_view },
    { "receive",    "(JJJJ[B)J",                                  (void *)j_receive },
    { "discard",    "(JJ)V",                                      (void *)j_discard },
    { "copyOut",    "(JJ[B)V",                                    (void *)j_copy_out },
    { "poll",       "(JJL" CLASS_EVENTS ";[J)J",                  (void *)j_poll },
    { "await",      "(JI)Z",                                      (void *)j_await },
    { "signal",     "(J)V",                                       (void *)j_signal },
    { "control",    "(JJZZ)J",                                    (void *)j_control },
    { "finished",   "(JJ)I",                                      (void *)j_finished },
    { "statusText", "(I)Ljava/lang/String;",                      (void *)j_status_text },
    { "version",    "()Ljava/lang/String;",                       (void *)j_version },
    { "destroy",    "(J)I",                                       (void *)j_destroy },
};

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    JNIEnv *env;
    jclass native_class, events_class, local_error;

    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
        return JNI_ERR;
    }
    give_signals_back_to_the_jvm();
    if ((native_class = (*env)->FindClass(env, CLASS_NATIVE)) == NULL
        || (events_class = (*env)->FindClass(env, CLASS_EVENTS)) == NULL
        || (local_error = (*env)->FindClass(env, CLASS_ERROR)) == NULL
        || (error_class = (*env)->NewGlobalRef(env, local_error)) == NULL
        || (on_received = (*env)->GetMethodID(env, events_class, "receiveCompleted", "(JJI)V")) == NULL
        || (on_failed = (*env)->GetMethodID(env, events_class, "endpointFailed", "(II)V")) == NULL
        || (*env)->RegisterNatives(env, native_class, methods,
                                   sizeof(methods) / sizeof(methods[0])) != 0) {
        return JNI_ERR;   /* the pending NoClassDefFoundError or NoSuchMethodError says what */
    }
    return JNI_VERSION_1_8;
}
