/*===- sdy_c/query.h - the ops, values and shardings of a function -------===*
 *
 * A query is a snapshot of one function of a module: its ops in program
 * order (nested regions included) and its values with their types,
 * shardings and sharding origins, read without printing or parsing text.
 * Take it after propagation or partitioning to see what the passes chose.
 *
 * Ops are numbered 0..num_ops-1 in pre-order: an op comes before the ops of
 * its regions, which come region by region, block by block, in program
 * order. Each op knows its parent (the op whose region holds it, -1 for the
 * ops of the function body), the region index in that parent, and its depth
 * (0 in the function body). The function op itself is not listed.
 *
 * Values are numbered 0..num_values-1: first the function's arguments (value
 * i is argument i), then in program order each op's results and each
 * block's arguments (before the values of the block's ops), and last the
 * function's results (the last num_results values). A function result is
 * not an SSA value: its entry holds the type and the result attributes of
 * the function (its `sdy.sharding`, its origins). Ops list their operands
 * and results as value numbers.
 *
 * The sharding of a value is the one the printed module shows for it: the
 * `sdy.sharding` argument/result attribute of the function; for an op
 * result its entry in the op's `sdy.sharding` (or the sharding an sdy op
 * carries itself, e.g. `sdy.reshard`, `sdy.sharding_constraint`, the
 * out_shardings of `sdy.manual_computation`); for a block argument of a
 * region the sharding the body sees (a manual computation's in_sharding
 * without its manual axes, a while loop's result sharding). A value without
 * one reports has_sharding = 0, and sdy_query_value_sharding gives NULL.
 *
 * Sharding origins (the module was propagated with the pipeline option
 * `debug-sharding-origins=true`) say, per axis of a value's sharding, which
 * user sharding it came from: "input: N" (argument N), "output: N" (result
 * N), "constraint_N" (the sdy.sharding_constraint, later sdy.reshard, whose
 * op carries `sdy.sharding_origin_name = "constraint_N"`), "group_N"
 * (sharding group N) or "self" (the value's own user sharding).
 *
 * Ownership: a query is owned by the caller (sdy_query_destroy()). It holds
 * copies of everything it reports, so it stays valid, and unchanged, when
 * the module changes or is destroyed. Strings and arrays in the structs it
 * fills are borrowed from the query, valid until it is destroyed.
 * Shardings returned are new handles owned by the caller.
 *
 * Thread safety: a query is immutable; it may be used from several threads
 * at once.
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_QUERY_H
#define SDY_C_QUERY_H

#include <stddef.h>
#include <stdint.h>

#include "sdy_c/module.h"
#include "sdy_c/sharding.h"
#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* [thread-safety: shared] */
typedef struct sdy_query sdy_query_t;

/* One op of the function. 112 bytes, no padding. */
typedef struct sdy_query_op {
  const char *name;     /* "stablehlo.add" */
  const char *location; /* "file:line:col" for a file location, else the
                           printed location, e.g. `loc("x")`, `loc(unknown)` */
  const char *file;     /* file of the location, or of the first file
                           location inside it (name, call-site and fused
                           locations wrap them); "" when there is none */
  int64_t line;         /* line and column of that file location, else 0 */
  int64_t column;
  int64_t parent; /* the op whose region holds this one; -1: function body */
  int64_t region; /* region index in `parent` (0 in the function body) */
  int64_t depth;  /* number of enclosing ops below the function */
  const size_t *operands; /* value numbers; NULL when num_operands == 0 */
  size_t num_operands;
  const size_t *results; /* value numbers; NULL when num_results == 0 */
  size_t num_results;
  size_t num_regions;
  const char *origin_name; /* `sdy.sharding_origin_name` ("constraint_0"),
                              else "" */
} sdy_query_op_t;

/* Kinds of values (sdy_query_value_t.kind). */
enum {
  SDY_VALUE_ARGUMENT = 0,       /* argument `number` of the function */
  SDY_VALUE_OP_RESULT = 1,      /* result `number` of op `op` */
  SDY_VALUE_BLOCK_ARGUMENT = 2, /* argument `number` of block `block` of
                                   region `region` of op `op` (op -1: a
                                   non-entry block of the function body) */
  SDY_VALUE_FUNCTION_RESULT = 3 /* result `number` of the function */
};

/* One value of the function. 80 bytes, no padding. */
typedef struct sdy_query_value {
  int32_t kind;         /* SDY_VALUE_* */
  int32_t has_sharding; /* 1: sdy_query_value_sharding gives a sharding */
  int64_t op;           /* see the kinds; -1 when none */
  int64_t region;       /* block arguments only, else -1 */
  int64_t block;        /* block arguments only, else -1 */
  int64_t number;
  const char *type;         /* printed type, "tensor<8x16xf32>" */
  const char *element_type; /* "f32" for a shaped type, else "" */
  const int64_t *shape;     /* rank sizes, -1 for a dynamic size; NULL when
                               rank <= 0 */
  int64_t rank;             /* -1 for an unranked or non-shaped type */
  size_t num_origins;       /* entries of sdy_query_value_origin */
} sdy_query_value_t;

/* Kinds of sharding origins (sdy_sharding_origin_t.kind). */
enum {
  SDY_ORIGIN_SELF = 0,       /* "self" */
  SDY_ORIGIN_INPUT = 1,      /* "input: N" */
  SDY_ORIGIN_OUTPUT = 2,     /* "output: N" */
  SDY_ORIGIN_CONSTRAINT = 3, /* "constraint_N" */
  SDY_ORIGIN_GROUP = 4,      /* "group_N" */
  SDY_ORIGIN_OTHER = 5       /* any other text (see `origin`) */
};

/* Where one axis of a value's sharding came from. 40 bytes, no padding. */
typedef struct sdy_sharding_origin {
  const char *axis;   /* "x", or a sub-axis "x:(1)2" */
  const char *origin; /* the text: "input: 0", "constraint_1", "self" */
  int32_t kind;       /* SDY_ORIGIN_* */
  int32_t reserved;   /* 0 */
  int64_t index;      /* the N of input/output/constraint/group, else -1 */
  int64_t dim;        /* the dimension of the value's sharding holding the
                         axis; -1 if none does (e.g. it is replicated) */
} sdy_sharding_origin_t;

/* Takes a snapshot of function `function` of `module` (see above). A
 * declaration without a body has no ops, only its arguments and results. */
sdy_status_t *sdy_query_create(const sdy_module_t *module, const char *function,
                               sdy_query_t **out_query);

/* Releases `query`. NULL is a no-op.
 * [nullable: query] */
void sdy_query_destroy(sdy_query_t *query);

/* Number of ops (nested ones included). */
sdy_status_t *sdy_query_num_ops(const sdy_query_t *query, size_t *out_count);

/* Op `index` (strings and arrays borrowed from the query). */
sdy_status_t *sdy_query_op(const sdy_query_t *query, size_t index,
                           sdy_query_op_t *out_op);

/* Number of values (arguments, results, block arguments, function
 * results). */
sdy_status_t *sdy_query_num_values(const sdy_query_t *query, size_t *out_count);

/* Value `index` (strings and arrays borrowed from the query). */
sdy_status_t *sdy_query_value(const sdy_query_t *query, size_t index,
                              sdy_query_value_t *out_value);

/* The sharding of value `index`, or *out_sharding = NULL if it has none. A
 * sharding that refers to a mesh the module lacks gives
 * SDY_VERIFICATION_ERROR. */
sdy_status_t *sdy_query_value_sharding(const sdy_query_t *query, size_t index,
                                       sdy_sharding_t **out_sharding);

/* Origin `index` (0..num_origins-1, in the order the module lists them) of
 * value `value` (strings borrowed from the query). */
sdy_status_t *sdy_query_value_origin(const sdy_query_t *query, size_t value,
                                     size_t index,
                                     sdy_sharding_origin_t *out_origin);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_QUERY_H */
