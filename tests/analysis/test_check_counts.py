#!/usr/bin/env python3
"""check_counts.compare finds every kind of disagreement."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_counts import compare, execution_order  # noqa: E402


def report(sent):
    return {'collectives': [{
        'kind': 'stablehlo.all_gather', 'counted': True,
        'backend_calls': [[['all_gather', 16]], [['all_gather', 16]]],
        'sent': sent, 'received': sent,
        'send_buffer_bytes': [16, 16], 'recv_buffer_bytes': [32, 32]}]}


def main():
    agree = [[['all_gather', 16, 16, 16, 16, 32]], [['all_gather', 16, 16, 16, 16, 32]]]
    assert compare(report([16, 16]), agree, 2) == []
    # Bytes differ on device 1.
    errors = compare(report([16, 32]), agree, 2)
    assert errors == ['device 1, collective #0 (stablehlo.all_gather): report '
                      '32/32 bytes sent/received, backend counted 16/16'], errors
    # Another call than reported.
    other = [[['all_to_all', 16, 16, 16, 32, 32]], agree[1]]
    errors = compare(report([16, 16]), other, 2)
    assert errors[0].startswith('device 0, collective #0 (stablehlo.all_gather): '
                                "report calls [['all_gather', 16]], backend saw "
                                "[['all_to_all', 16]]"), errors
    # Buffer sizes differ on device 0.
    small = [[['all_gather', 16, 16, 16, 16, 16]], agree[1]]
    errors = compare(report([16, 16]), small, 2)
    assert errors == ['device 0, collective #0 (stablehlo.all_gather): report 16/32 '
                      'send/receive buffer bytes, backend saw 16/16'], errors
    # A call the report does not know.
    extra = [agree[0] + [['all_gather', 4, 4, 4, 4, 8]], agree[1]]
    errors = compare(report([16, 16]), extra, 2)
    assert errors == ['device 0: the backend saw 1 calls after the reported ones'], errors
    # Loop bodies repeat: #0, then loop 0 (#1, inner loop 1 (#2) x2) x3, #3.
    loop0 = {'id': 0, 'trip_count': 3}
    cols = [{'loops': []}, {'loops': [loop0]},
            {'loops': [loop0, {'id': 1, 'trip_count': 2}]}, {'loops': []}]
    order = execution_order(cols)
    assert order == [0] + [1, 2, 2] * 3 + [3], order
    # Two loops in a row stay apart; a zero-trip loop runs nothing.
    cols = [{'loops': [{'id': 0, 'trip_count': 2}]},
            {'loops': [{'id': 1, 'trip_count': 0}]},
            {'loops': [{'id': 2, 'trip_count': 1}]}]
    assert execution_order(cols) == [0, 0, 2], execution_order(cols)
    # A report entry inside a loop is matched once per iteration.
    looped = report([16, 16])
    looped['collectives'][0]['loops'] = [{'id': 0, 'trip_count': 2}]
    assert compare(looped, [agree[0] * 2, agree[1] * 2], 2) == []
    errors = compare(looped, agree, 2)
    assert errors[0].startswith('device 0, collective #0'), errors
    print('compare: ok')


if __name__ == '__main__':
    main()
